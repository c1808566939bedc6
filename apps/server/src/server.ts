import { buildApp, type App } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { seedCatalogue } from './modules/system/seed.js';

/** Connections that may wait to be accepted while the process is busy (a reconnect storm). */
const LISTEN_BACKLOG = 8192;

/** In-flight requests get this long to finish on shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Terminals of a draining instance come back over this window, each at its own moment (no stampede). */
export const RECONNECT_WINDOW_MS = 10_000;

/** A running server and how to stop it. */
export interface RunningServer {
  app: App;
  database: DatabaseHandle;
  url: string;
  /**
   * Drains (readiness 503 for `APM_DRAIN_SECONDS`, then the terminals told to reconnect elsewhere), stops
   * accepting, finishes in-flight requests, flushes the audit log, closes the database.
   */
  stop(): Promise<void>;
}

/** Opens the database, brings the catalogue up to date, initialises headlessly if asked, and listens. */
export async function startServer(
  config: AppConfig,
  logger: object | boolean = true,
): Promise<RunningServer> {
  const started = performance.now();
  const phases: Record<string, number> = {};
  const mark = (name: string) => (phases[name] = Math.round(performance.now() - started));
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  mark('database');
  let app: App | undefined;
  try {
    await seedCatalogue(database.db);
    mark('catalogue');
    app = await buildApp({ config, db: database.db, logger });
    mark('app');
    await app.services.landingKey.init();
    mark('key');
    if (config.adminUser && config.adminPassword && !(await app.services.init.isInitialised())) {
      await app.services.init.initialise({
        officeName: 'APM',
        username: config.adminUser,
        password: config.adminPassword,
      });
      app.log.info({ user: config.adminUser }, 'system initialised from APM_ADMIN_USER');
    }
    // A fleet reconnecting at once (another instance died) overflows Node's default queue of 511
    // connections waiting to be accepted; the kernel caps this at net.core.somaxconn.
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
    mark('listening');
    app.log.info({ startupMs: phases }, 'ready');
  } catch (err) {
    await app?.close();
    await database.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const running = app;
  let stopping: Promise<void> | undefined;
  return {
    app: running,
    database,
    url: `http://localhost:${port}`,
    stop() {
      stopping ??= (async () => {
        await drain(running, config.drainSeconds);
        // Node closes idle keep-alive sockets only once, when closing starts: sockets that finish
        // their last request afterwards are closed here, and stragglers are cut after the grace period.
        const idle = setInterval(() => running.server.closeIdleConnections(), 100);
        const grace = setTimeout(() => running.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        try {
          await running.close();
        } finally {
          clearInterval(idle);
          clearTimeout(grace);
        }
        await running.services.audit.flush();
        await database.close();
      })();
      return stopping;
    },
  };
}

/**
 * The graceful part of a stop: the readiness endpoint answers 503 at once, the instance keeps serving for
 * `drainSeconds` while the load balancer notices, then its terminals are told to reconnect (through the
 * balancer, to the other instances) spread over {@link RECONNECT_WINDOW_MS}.
 */
async function drain(app: App, drainSeconds: number): Promise<void> {
  app.lifecycle.startDraining();
  if (drainSeconds > 0) {
    app.log.info({ drainSeconds }, 'draining: readiness answers 503 until the balancer has noticed');
    await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  }
  app.services.terminalGateway.drain(RECONNECT_WINDOW_MS);
}
