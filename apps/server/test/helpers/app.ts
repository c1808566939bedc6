import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildOptions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { offices, roles, userRoles, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { seedCatalogue } from '../../src/modules/system/seed.js';
import { openTestDatabase } from './database.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { eq, inArray } from 'drizzle-orm';

/** The administrator every initialised test app has. */
export const ADMIN = { username: 'admin', password: 'Admin#2026pass' };

/** A test app over a fresh database, with a temporary data dir. */
export interface TestApp {
  app: App;
  db: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** Extras for apps that tests probe from the inside. */
export interface TestAppOptions {
  /** Registers extra routes (test-only probes) before the app is ready. */
  extend?: (app: App) => void;
  /** Fastify logger options, e.g. a stream that collects log lines. */
  logger?: BuildOptions['logger'];
  /** Sees every route as it is registered (route-table walks). */
  onRoute?: BuildOptions['onRoute'];
  /** An open database to build on instead of a fresh one (a benchmark's kept dataset); closed with the app. */
  database?: DatabaseHandle;
}

/** Builds the app on a fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(
  env: Record<string, string> = {},
  { extend, logger, onRoute, database: given }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-test-'));
  const config = loadConfig({ APM_DATA_DIR: dataDir, APM_WEB_DIR: path.join(dataDir, 'no-web'), ...env });
  const database = given ?? (await openTestDatabase());
  await seedCatalogue(database.db);
  const app = await buildApp({ config, db: database.db, logger, onRoute });
  extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await app.services.audit.flush();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Encrypts a value the way the console does: RSA-OAEP/SHA-256 with the published key, base64. */
export async function encrypt(app: App, value: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/apm-web/f/common/publishKey' });
  const { exponent, modulus } = res.json().data as { exponent: string; modulus: string };
  const key = createPublicKey({
    key: {
      kty: 'RSA',
      n: Buffer.from(modulus, 'hex').toString('base64url'),
      e: Buffer.from(exponent, 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(value),
  ).toString('base64');
}

/** Initialises the system with ADMIN through the API. */
export async function initSystem(app: App, officeName = 'Head office'): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/apm-web/f/common/sysInit',
    payload: {
      token: app.services.init.setupToken,
      officeName,
      username: await encrypt(app, ADMIN.username),
      password: await encrypt(app, ADMIN.password),
    },
  });
  if (res.statusCode !== 200) throw new Error(`sysInit failed: ${res.body}`);
}

/** Signs in through the API (encrypted fields) and answers the session cookie header value. */
export async function login(app: App, username = ADMIN.username, password = ADMIN.password): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/apm-web/a/login',
    payload: { username: await encrypt(app, username), password: await encrypt(app, password) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'Authorization');
  if (!cookie) throw new Error('login set no cookie');
  return `Authorization=${encodeURIComponent(cookie.value)}`;
}

/** Creates a user with the given system roles directly in the database (user management comes later). */
export async function createUser(
  db: Database,
  opts: { loginName: string; password: string; roleCodes?: string[]; enabled?: boolean; email?: string },
): Promise<number> {
  const [office] = await db.select({ id: offices.id }).from(offices).limit(1);
  if (!office) throw new Error('initialise the system first');
  const [user] = await db
    .insert(users)
    .values({
      officeId: office.id,
      loginName: opts.loginName,
      name: opts.loginName,
      email: opts.email ?? null,
      passwordHash: await hashPassword(opts.password),
      enabled: opts.enabled ?? true,
    })
    .returning({ id: users.id });
  const codes = opts.roleCodes ?? [];
  if (codes.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.code, codes));
    await db.insert(userRoles).values(found.map((r) => ({ userId: user!.id, roleId: r.id })));
  }
  return user!.id;
}

/** Reads a user row by login name. */
export async function findUser(db: Database, loginName: string) {
  const [row] = await db.select().from(users).where(eq(users.loginName, loginName));
  return row;
}
