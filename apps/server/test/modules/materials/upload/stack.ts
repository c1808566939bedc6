import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../../../src/app.js';
import { loadConfig, type AppConfig } from '../../../../src/config.js';
import type { Database } from '../../../../src/db/client.js';
import { seedCatalogue } from '../../../../src/modules/system/seed.js';
import { openTestDatabase } from '../../../helpers/database.js';

/** An app listening on a real port over a database and data dir that outlive restarts. */
export interface Stack {
  readonly app: App;
  readonly db: Database;
  readonly config: AppConfig;
  /** `http://127.0.0.1:<port>` of the current app. */
  readonly origin: string;
  /** Closes the app and builds a new one on the same data dir and database (a server restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Builds and starts an app on a fresh database and data dir, listening on a free port. */
export async function openStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apm-upload-'));
  const config = loadConfig({ APM_DATA_DIR: dataDir, APM_WEB_DIR: path.join(dataDir, 'no-web'), ...env });
  const database = await openTestDatabase();
  await seedCatalogue(database.db);
  const start = async () => {
    const app = await buildApp({ config, db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { app, origin: `http://127.0.0.1:${address.port}` };
  };
  let current = await start();
  return {
    get app() {
      return current.app;
    },
    db: database.db,
    config,
    get origin() {
      return current.origin;
    },
    async restart() {
      await current.app.close();
      await current.app.services.audit.flush();
      current = await start();
    },
    async close() {
      await current.app.close();
      await current.app.services.audit.flush();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
