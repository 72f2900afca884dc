/**
 * Starts Teambeat: configuration, database and migrations, the demo company on first start, the HTTP
 * server, and a graceful shutdown (in-flight requests finish, then the database closes).
 */
import { buildApp } from './app.js';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config.js';
import { openDatabase } from './db/engine.js';
import { migrateToLatest } from './db/migrate.js';
import { loggerOptions } from './logger.js';
import { redactSecrets } from './security/redact.js';
import { DEMO_ADMIN_EMAIL, seedDemoIfEmpty } from './seed/demo.js';
import { seedDemoBadgeImages } from './seed/demo-badges.js';
import { seedDemoVideos } from './seed/demo-videos.js';
import { clockFrom, TEST_NOW_VARIABLE } from './test-clock.js';

async function main(): Promise<void> {
  let config;
  let now: () => Date;
  try {
    config = loadConfig();
    // The system clock, unless a test launcher set TEAMBEAT_TEST_NOW (see test-clock.ts).
    now = clockFrom(process.env[TEST_NOW_VARIABLE]);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(redactSecrets(`${error.message}\nSee the Configuration section of README.md.\n`));
      process.exit(1);
    }
    throw error;
  }

  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    onPoolError: (error) => process.stderr.write(redactSecrets(`database connection error: ${error.message}\n`)),
  });
  const applied = await migrateToLatest(handle.db, handle.engine);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(handle.db, config.demoPassword, now()) : false;
  const { app, deps } = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    logger: loggerOptions(config),
    now,
  });
  // Never silent: a server on a test clock says so (e2e/server.ts reads the clock's offset from this line).
  if (process.env[TEST_NOW_VARIABLE])
    app.log.warn({ now: now().toISOString() }, `test clock set by ${TEST_NOW_VARIABLE}`);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (seeded) {
    await seedDemoBadgeImages(handle.db, deps.storage, now());
    await seedDemoVideos(handle.db, deps.storage, now());
    app.log.info('demo company seeded');
  }

  deps.jobs.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    timer.unref();
    // Keep-alive connections become idle once their in-flight request is answered; close them as they
    // do, or the server would wait for the clients to hang up.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    try {
      await deps.jobs.stop();
      await app.close();
      await handle.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const demo = await handle.db
    .selectFrom('employees')
    .select('email')
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .executeTakeFirst();
  const lines = [
    '',
    `  Teambeat is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    // Last on its line and not in parentheses: a masked value runs to the end of the URL.
    `  Database: ${handle.engine} at ${handle.location}`,
    // The built-in demo password is public (README); one set in DEMO_PASSWORD is a secret and not printed.
    ...(demo
      ? [
          config.demoPassword === DEFAULT_DEMO_PASSWORD
            ? `  Demo sign-in: ${DEMO_ADMIN_EMAIL} / ${config.demoPassword}  (unless changed since)`
            : `  Demo sign-in: ${DEMO_ADMIN_EMAIL} with the password set in DEMO_PASSWORD  (unless changed since)`,
        ]
      : []),
    '',
  ];
  // Credentials never reach the console: the database location is a URL that may hold a password.
  process.stdout.write(redactSecrets(`${lines.join('\n')}\n`));
}

main().catch((error: unknown) => {
  process.stderr.write(
    redactSecrets(`Teambeat failed to start: ${error instanceof Error ? error.stack : String(error)}\n`),
  );
  process.exit(1);
});
