import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

/** CLI entry: `node dist/main.js` (npm start). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config, {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
  const log = server.app.log;
  if (!(await server.app.services.init.isInitialised())) {
    log.info(`System not initialised: open ${server.url}/sysInit to create the first administrator`);
    process.stdout.write(`\n  APM is not initialised yet. Open ${server.url}/sysInit\n\n`);
  } else {
    process.stdout.write(`\n  APM is ready at ${server.url}\n\n`);
  }

  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`APM failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
