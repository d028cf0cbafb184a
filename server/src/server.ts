import { wordNet } from './ai/lexicon/wordnet.js';
import { startupWarnings } from './startup-warnings.js';
import { migrateWithLock } from './db/migrate.js';
import type { Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { createDataSource } from './db/data-source.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { createApolloServer } from './graphql/apollo.js';
import { buildGraphQLSchema } from './graphql/schema.js';
import { createHttpApp } from './http/app.js';
import { User } from './modules/identity/user.entity.js';
import { deriveKeys, loadAppSecret } from './security/app-keys.js';
import { resealAtStartup } from './security/reseal-secrets.js';
import { claimLocalStorage } from './storage/local-storage-claim.js';
import { LocalStorage } from './storage/local-storage.js';
import { loadPasswordEstimator } from './shared/password-rules.js';
import { scheduleMaintenance } from './maintenance.js';
import { createServices, type Services } from './services.js';
import type { Logger } from './shared/logger.js';

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  /** True when the database has no account yet (the first start). */
  firstRun: boolean;
  stop(): Promise<void>;
}

/** Boot order: secret -> database (embedded unless DATABASE_URL) -> migrations -> http. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const keys = deriveKeys(
    loadAppSecret(config.appSecret, config.dataDir),
    config.previousAppSecrets,
  );
  for (const warning of startupWarnings(config)) logger.warn(warning);
  let embedded: EmbeddedDatabase | undefined;
  let dataSource: DataSource | undefined;
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres(config.dataDir, logger);
      databaseUrl = embedded.url;
    }
    dataSource = createDataSource(databaseUrl);
    await dataSource.initialize();
    const applied = await migrateWithLock(dataSource);
    if (applied.length > 0)
      logger.info('Applied migrations', { migrations: applied.map((m) => m.name) });

    await resealAtStartup(dataSource, keys.secrets, logger);
    const services = createServices(config, dataSource, keys, logger);
    // The password estimator's dictionaries load once, before the first sign-up waits on them.
    await loadPasswordEstimator();
    // WordNet (how answers read question words) loads in the background, not on a first question.
    void wordNet().catch((error: unknown) =>
      logger.warn('WordNet could not be loaded; answers read question words without it', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    if (services.storage instanceof LocalStorage)
      await claimLocalStorage(dataSource, services.storage.root);
    const apollo = createApolloServer(await buildGraphQLSchema(), {
      introspection: config.graphqlIntrospection,
      logger,
    });
    await apollo.start();
    const app = createHttpApp(config, services, apollo);
    const http = await listen(app, config.port, config.host);
    const port = (http.address() as { port: number }).port;
    const firstRun = (await dataSource.getRepository(User).count()) === 0;
    await services.jobs.start();
    // Connected sources whose next sync was lost (a crash between steps) get one again.
    const healed = await services.connectorSync.heal();
    if (healed) logger.info('Queued syncs of connected sources', { sources: healed });
    await services.permissionSync.heal();
    // Every few minutes, once across instances: lost syncs queued again, expired upload URLs
    // deleted with their bytes, audit events and conversations past their retention deleted…
    await scheduleMaintenance(services, config);
    // Documents indexed before embeddings were on (or under another model) get their vectors.
    const backfilled = await services.embedder?.backfill(services.jobs);
    if (backfilled)
      logger.info('Queued embeddings for earlier documents', { documents: backfilled });

    let stopping: Promise<void> | undefined;
    const ds = dataSource;
    const db = embedded;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      services,
      firstRun,
      stop: () =>
        (stopping ??= (async () => {
          await closeHttp(http);
          await services.jobs.stop();
          await services.parsers.close();
          await apollo.stop();
          if (ds.isInitialized) await ds.destroy();
          await db?.stop();
        })()),
    };
  } catch (error) {
    await dataSource?.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Stops accepting connections, lets requests in flight finish, and does not wait on idle
 * keep-alive sockets (a browser holds them open): after a grace period every socket is closed.
 */
function closeHttp(http: Server, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => http.closeAllConnections(), graceMs);
    force.unref();
    http.close(() => {
      clearTimeout(force);
      resolve();
    });
    http.closeIdleConnections();
  });
}
