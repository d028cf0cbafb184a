import { multipartErrors } from './multipart-errors.js';
import { rejectNulBytes } from './reject-nul.js';
import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { buildContext, type GraphQLContext } from '../graphql/context.js';
import { outboxRoutes } from '../mail/outbox.rest.js';
import { authRoutes } from '../modules/auth/auth.rest.js';
import { memberRoutes } from '../modules/members/members.rest.js';
import { searchRoutes } from '../modules/search/search.rest.js';
import { botRoutes } from '../modules/bots/bots.rest.js';
import { connectorRoutes } from '../modules/connectors/connectors.rest.js';
import { sourceRoutes } from '../modules/sources/sources.rest.js';
import { scimRoutes } from '../modules/scim/scim.rest.js';
import { ssoRoutes } from '../modules/sso/sso.rest.js';
import { slackRoutes } from '../modules/slack/slack.rest.js';
import { LocalStorage } from '../storage/local-storage.js';
import { S3Storage } from '../storage/s3-storage.js';
import { storageRoutes } from '../storage/storage.rest.js';
import type { Services } from '../services.js';
import { runWithRequestId } from '../shared/request-context.js';
import { restErrorHandler } from './rest.js';

export const JSON_BODY_LIMIT = '1mb';

/** One port: /health, /graphql, /api/*, and the built client with SPA fallback. */
export function createHttpApp(
  config: Config,
  services: Services,
  apollo: ApolloServer<GraphQLContext>,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use((req, res, next) => {
    const incoming = req.header('x-request-id');
    req.requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    runWithRequestId(req.requestId, next);
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects its CSS variables in <style> tags.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // The browser PUTs files straight to the bucket when S3 is configured.
          connectSrc: [
            "'self'",
            ...(services.storage instanceof S3Storage ? [services.storage.origin()] : []),
          ],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );

  app.get('/health', async (_req, res) => {
    try {
      await services.db.query('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });

  // Slack signs the raw bytes: its route reads the body itself, before any JSON parser.
  app.use(slackRoutes(services));

  app.use(
    '/graphql',
    // Multipart uploads first (API consumers); Apollo's CSRF guard still requires a preflight header.
    graphqlUploadExpress({ maxFileSize: config.uploadMaxBytes, maxFiles: 1 }),
    multipartErrors,
    express.json({ limit: JSON_BODY_LIMIT }),
    rejectNulBytes('graphql'),
    expressMiddleware(apollo, { context: async ({ req }) => buildContext(req, services) }),
  );

  // Raw file bodies: streamed to disk, never through a body parser (local storage only).
  if (services.storage instanceof LocalStorage) {
    app.use(
      '/storage',
      storageRoutes(services.storage, services.uploads),
      restErrorHandler(services.logger),
    );
  }

  const api = express.Router();
  // Answers carry tokens and workspace data: no browser or proxy may keep them.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(express.json({ limit: JSON_BODY_LIMIT }), rejectNulBytes('rest'));
  api.use(authRoutes(services));
  api.use(ssoRoutes(services, config.publicUrl));
  api.use(memberRoutes(services));
  api.use(sourceRoutes(services, config));
  api.use(searchRoutes(services));
  api.use(botRoutes(services));
  api.use(connectorRoutes(services));
  if (config.devOutbox) api.use(outboxRoutes(services));
  api.use((req, res) => {
    res
      .status(404)
      .json({ error: 'NOT_FOUND', message: `No API route for ${req.method} ${req.originalUrl}.` });
  });
  api.use(restErrorHandler(services.logger));
  app.use('/api', api);

  // SCIM 2.0 for the workspace's identity provider: its own auth, body limits and error shape.
  app.use('/scim/v2', scimRoutes(services, config.scimRatePerMinute));

  serveClient(app, config.clientDir);
  app.use(restErrorHandler(services.logger));
  return app;
}

function serveClient(app: Express, clientDir: string) {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.get('/', (_req, res) => {
      res
        .type('text')
        .send('The Lumen client is not built yet: run `npm run build` (or `npm start`).');
    });
    return;
  }
  app.use(express.static(clientDir, { index: false, maxAge: '1h', immutable: false }));
  // Every other GET is a client route (react-router decides, including its own 404).
  app.get(/^\/(?!api\/|graphql|health).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
