import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isStrongPassword, LOGIN_NAME_PATTERN, SystemRoles, type Language } from '@apm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, systemSettings, userRoles, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { hashPassword } from '../auth/passwords.js';
import type { NotificationService } from '../notifications/service.js';
import type { SettingsService } from '../settings/service.js';
import { roleIdsByCode } from './seed.js';

/** The first organisation and its super administrator. */
export interface InitInput {
  officeName: string;
  username: string;
  password: string;
  name?: string;
  email?: string;
  /** Stored as the default brand's language (CN when absent). */
  defaultLanguage?: Language;
}

/** The welcome message the super administrator finds under the bell of a new system. */
export const WELCOME_NOTICE = {
  contentCn: '欢迎使用 APM 数字标牌管理平台！系统已初始化完成，您可以开始添加机构、用户和终端。',
  contentEn: 'Welcome to APM! The system is initialised: you can now add offices, users and terminals.',
} as const;

/** What initialisation created; `welcomeError` is set when only the welcome message could not be sent. */
export interface InitResult {
  userId: number;
  officeId: number;
  welcomeError?: unknown;
}

/** Answers whether the system is initialised and initialises it once. */
export class InitService {
  /**
   * One-time token of this process, printed at start-up while the system is not initialised: initialisation through
   * the API needs it, so that whoever reaches a fresh server on the network first cannot claim it.
   */
  readonly setupToken = randomBytes(18).toString('base64url');

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationService,
  ) {}

  /** True once the first organisation and administrator exist. */
  async isInitialised(): Promise<boolean> {
    return this.settings.get('sysInitialised');
  }

  /** 403 unless `token` is this process's setup token. */
  checkSetupToken(token: string | undefined): void {
    const given = Buffer.from(token ?? '');
    const expected = Buffer.from(this.setupToken);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return;
    throw forbidden(
      token
        ? 'token is not this server’s setup token: open the /sysInit address printed at its start-up'
        : 'token is required: open the /sysInit address the server printed at start-up (it carries the setup token)',
      'setupToken',
      { fields: { token: token ? 'invalid' : 'required' } },
    );
  }

  /**
   * Creates the first organisation and super administrator, then sends the administrator a welcome
   * message; 409 when already initialised.
   */
  async initialise(input: InitInput): Promise<InitResult> {
    const officeName = input.officeName.trim();
    const username = input.username.trim();
    if (!officeName)
      throw badRequest('officeName is required', 'validation', { fields: { officeName: 'required' } });
    if (!LOGIN_NAME_PATTERN.test(username)) {
      throw badRequest('username must be 2–50 letters, digits or _ . @ -', 'validation', {
        fields: { username: 'pattern' },
      });
    }
    if (!isStrongPassword(input.password)) {
      throw badRequest(
        'password must be 8–64 characters with upper- and lower-case letters, a digit and a symbol',
        'weakPassword',
        { fields: { password: 'weak' } },
      );
    }
    const passwordHash = await hashPassword(input.password);
    const [superAdminRole] = await roleIdsByCode(this.db, [SystemRoles.superAdmin]);
    // Read before the transaction: the settings cache reads through the pool, which the transaction may hold.
    const brand = input.defaultLanguage
      ? { ...(await this.settings.get('brandDefault')), defaultLanguage: input.defaultLanguage }
      : undefined;
    const result = await this.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(systemSettings)
        .values({ key: 'sysInitialised', value: true })
        .onConflictDoUpdate({
          target: systemSettings.key,
          set: { value: true, updatedAt: sql`now()` },
          setWhere: sql`${systemSettings.value} <> 'true'::jsonb`,
        })
        .returning({ key: systemSettings.key });
      if (!claimed.length) throw conflict('The system is already initialised', 'alreadyInitialised');
      if (brand) {
        await tx
          .insert(systemSettings)
          .values({ key: 'brandDefault', value: brand })
          .onConflictDoUpdate({ target: systemSettings.key, set: { value: brand, updatedAt: sql`now()` } });
      }
      const [office] = await tx
        .insert(offices)
        .values({ name: officeName, kind: 'platform' })
        .returning({ id: offices.id });
      await tx
        .update(offices)
        .set({ path: `/${office!.id}/` })
        .where(eq(offices.id, office!.id));
      const [user] = await tx
        .insert(users)
        .values({
          officeId: office!.id,
          loginName: username,
          name: input.name?.trim() || username,
          email: input.email?.trim() || null,
          passwordHash,
          userPwdType: '2',
          dataRange: 'all',
        })
        .returning({ id: users.id });
      if (superAdminRole) await tx.insert(userRoles).values({ userId: user!.id, roleId: superAdminRole });
      return { userId: user!.id, officeId: office!.id };
    });
    await this.settings.reload();
    // The system is initialised at this point: a failed welcome message must not make the call fail.
    try {
      await this.notifications.notify([result.userId], WELCOME_NOTICE);
      return result;
    } catch (welcomeError) {
      return { ...result, welcomeError };
    }
  }
}
