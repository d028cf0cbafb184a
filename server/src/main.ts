import 'reflect-metadata';
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';
import { createLogger } from './shared/logger.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel);
try {
  const server = await startServer(config, logger);
  const address = config.publicUrl;
  console.log(
    `\nLumen is running on ${address}  (database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded, in ${config.dataDir}`})`,
  );
  if (server.firstRun) {
    console.log(
      `No accounts yet: open ${address}/signup to create your workspace; its first member is the admin.`,
    );
    console.log(`Then sign in at ${address}/signin.\n`);
  } else {
    console.log(`Sign in at ${address}/signin\n`);
  }

  const shutdown = (signal: string) => {
    logger.info('Shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error('Shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  logger.error('Lumen could not start', { error });
  console.error(`Lumen could not start: ${(error as Error).message}`);
  process.exit(1);
}
