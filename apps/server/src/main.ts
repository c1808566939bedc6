import type PinoPretty from 'pino-pretty';
import { lazyRequire } from './lib/lazy-require.js';
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
    // People read a terminal; log collectors (and the e2e tests) read JSON. Synchronous, so that the address
    // below stays the last line.
    ...(process.stdout.isTTY
      ? {
          stream: lazyRequire<typeof PinoPretty>('pino-pretty')()({
            sync: true,
            colorize: true,
            translateTime: 'SYS:HH:MM:ss',
          }),
        }
      : {}),
  });
  const log = server.app.log;
  if (!(await server.app.services.init.isInitialised())) {
    log.info(`System not initialised: open ${server.url}/sysInit?token=… (printed on standard output)`);
    // The setup token goes to standard output only, never to the logs.
    const setupUrl = `${server.url}/sysInit?token=${server.app.services.init.setupToken}`;
    process.stdout.write(
      `\n  APM is not initialised yet. Create the first administrator at this address (its token is for this run only):\n  ${setupUrl}\n`,
    );
  } else {
    process.stdout.write(`\n  APM is ready at ${server.url}\n`);
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
