import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { clientOf } from '../../http/client-info.js';
import type { Services } from '../../services.js';
import { bearerToken } from '../auth/authenticate.js';
import { ScimError, ScimErrors } from './scim.errors.js';
import { attrName } from './scim-filter.js';
import {
  SCIM_MAX_RESULTS,
  resourceTypes,
  schemas,
  serviceProviderConfig,
} from './scim-discovery.js';
import { perMinute } from '../../security/rate-limiter.js';
import {
  SCIM_CONTENT_TYPE,
  groupResource,
  listResponse,
  project,
  userResource,
} from './scim-resources.js';
import type { ScimCaller } from './scim-tokens.service.js';

/** The largest SCIM body read (a group PATCH of 1000 members is about 60 kB). */
export const SCIM_BODY_LIMIT = '256kb';

declare module 'express-serve-static-core' {
  interface Request {
    scim?: ScimCaller;
  }
}

/**
 * SCIM 2.0 (RFC 7644) under /scim/v2 for the workspace's identity provider: every call carries
 * the workspace's SCIM token; answers are application/scim+json, errors SCIM Error bodies.
 */
export function scimRoutes(services: Services, ratePerMinute: number): Router {
  const { scimTokens, scimUsers, scimGroups } = services;
  const router = express.Router();
  const base = () => scimTokens.baseUrl;

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use((req, _res, next) => {
    scimTokens
      .authenticate(bearerToken(req.headers.authorization))
      .then(async (token) => {
        if (!token) throw ScimErrors.unauthorized();
        // Per token, across instances (an IdP's sync may land on any of them).
        const wait = await services.limits.take(`scim:${token.tokenId}`, perMinute(ratePerMinute));
        if (wait > 0) throw Object.assign(ScimErrors.tooMany(wait), { retryAfter: wait });
        req.scim = { ...token, client: clientOf(req) };
        next();
      })
      .catch(next);
  });
  // Okta and Entra send application/scim+json; plain JSON (curl, scripts) is read too.
  router.use(
    express.json({
      limit: SCIM_BODY_LIMIT,
      type: ['application/scim+json', 'application/json', 'application/*+json'],
    }),
  );
  router.use((req, _res, next) => {
    // Postgres cannot store NUL in text: refuse it here rather than fail deep in a query.
    if (req.body !== undefined && JSON.stringify(req.body).includes('\\u0000'))
      return next(ScimErrors.invalidValue('Text may not contain NUL characters.'));
    next();
  });

  const send = (res: Response, status: number, body?: unknown) => {
    res.status(status).type(SCIM_CONTENT_TYPE);
    if (body === undefined) res.end();
    else res.send(JSON.stringify(body));
  };
  const caller = (req: Request) => req.scim!;
  const id = (req: Request) => String(req.params.id);

  router.get('/ServiceProviderConfig', (_req, res) =>
    send(res, 200, serviceProviderConfig(base())),
  );
  router.get('/ResourceTypes', (_req, res) => {
    const all = resourceTypes(base());
    send(res, 200, listResponse(all, all.length, 1));
  });
  router.get('/ResourceTypes/:id', (req, res) => {
    const found = resourceTypes(base()).find((r) => r.id === req.params.id);
    if (!found) throw ScimErrors.routeNotFound();
    send(res, 200, found);
  });
  router.get('/Schemas', (_req, res) => {
    const all = schemas(base());
    send(res, 200, listResponse(all, all.length, 1));
  });
  router.get('/Schemas/:id', (req, res) => {
    const found = schemas(base()).find((s) => s.id === req.params.id);
    if (!found) throw ScimErrors.routeNotFound();
    send(res, 200, found);
  });

  router.get('/Users', async (req, res) => {
    const page = paging(req);
    const { users, total } = await scimUsers.list(
      caller(req),
      page.filter,
      page.startIndex,
      page.count,
    );
    const resources = users.map((u) =>
      project(userResource(u, base()), page.attributes, page.excluded),
    );
    send(res, 200, listResponse(resources, total, page.startIndex));
  });
  router.get('/Users/:id', async (req, res) => {
    const page = paging(req);
    const user = await scimUsers.get(caller(req), id(req));
    send(res, 200, project(userResource(user, base()), page.attributes, page.excluded));
  });
  router.post('/Users', async (req, res) => {
    const user = await scimUsers.create(caller(req), req.body);
    res.setHeader('Location', `${base()}/Users/${user.id}`);
    send(res, 201, userResource(user, base()));
  });
  router.put('/Users/:id', async (req, res) => {
    send(res, 200, userResource(await scimUsers.replace(caller(req), id(req), req.body), base()));
  });
  router.patch('/Users/:id', async (req, res) => {
    send(res, 200, userResource(await scimUsers.patch(caller(req), id(req), req.body), base()));
  });
  router.delete('/Users/:id', async (req, res) => {
    await scimUsers.delete(caller(req), id(req));
    send(res, 204);
  });

  router.get('/Groups', async (req, res) => {
    const page = paging(req);
    const withMembers = wantsMembers(page);
    const { groups, total } = await scimGroups.list(
      caller(req),
      page.filter,
      page.startIndex,
      page.count,
      withMembers,
    );
    const resources = groups.map((g) =>
      project(groupResource(g.group, g.members, base()), page.attributes, page.excluded),
    );
    send(res, 200, listResponse(resources, total, page.startIndex));
  });
  router.get('/Groups/:id', async (req, res) => {
    const page = paging(req);
    const group = await scimGroups.get(caller(req), id(req), wantsMembers(page));
    send(
      res,
      200,
      project(groupResource(group.group, group.members, base()), page.attributes, page.excluded),
    );
  });
  router.post('/Groups', async (req, res) => {
    const group = await scimGroups.create(caller(req), req.body);
    res.setHeader('Location', `${base()}/Groups/${group.group.id}`);
    send(res, 201, groupResource(group.group, group.members, base()));
  });
  router.put('/Groups/:id', async (req, res) => {
    const group = await scimGroups.replace(caller(req), id(req), req.body);
    send(res, 200, groupResource(group.group, group.members, base()));
  });
  // 204 No Content, as Entra expects (Okta accepts it too).
  router.patch('/Groups/:id', async (req, res) => {
    await scimGroups.patch(caller(req), id(req), req.body);
    send(res, 204);
  });
  router.delete('/Groups/:id', async (req, res) => {
    await scimGroups.delete(caller(req), id(req));
    send(res, 204);
  });

  router.use(() => {
    throw ScimErrors.routeNotFound();
  });
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const scim = asScimError(error);
    if (!scim) {
      services.logger.error('Unexpected SCIM error', {
        requestId: req.requestId,
        path: req.path,
        error,
      });
      return send(res, 500, new ScimError(500, 'Something went wrong on our side.').body());
    }
    const retryAfter = (error as { retryAfter?: number }).retryAfter;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    send(res, scim.status, scim.body());
  });
  return router;
}

interface Paging {
  filter: string | undefined;
  startIndex: number;
  count: number;
  attributes: string[] | null;
  excluded: string[] | null;
}

/** startIndex is 1-based (below 1 reads as 1); count is cut to SCIM_MAX_RESULTS. */
function paging(req: Request): Paging {
  const query = req.query as Record<string, unknown>;
  const text = (name: string) => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw ScimErrors.invalidValue(`${name} is given once.`);
    return value;
  };
  const integer = (name: string, fallback: number) => {
    const raw = text(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw)) throw ScimErrors.invalidValue(`${name} must be an integer.`);
    return Number(raw);
  };
  const names = (name: string) => {
    const raw = text(name);
    // Top-level names only: `name.givenName` keeps the whole `name`.
    return raw ? raw.split(',').map((a) => attrName(a.trim()).split('.')[0]!) : null;
  };
  const filter = text('filter');
  return {
    filter: filter?.trim() ? filter : undefined,
    startIndex: Math.max(1, integer('startIndex', 1)),
    count: Math.min(Math.max(0, integer('count', SCIM_MAX_RESULTS)), SCIM_MAX_RESULTS),
    attributes: names('attributes'),
    excluded: names('excludedAttributes'),
  };
}

function wantsMembers(page: Paging) {
  if (page.attributes) return page.attributes.includes('members');
  return !page.excluded?.includes('members');
}

/** SCIM errors as they are; body-parser refusals mapped; anything else is not shown. */
function asScimError(error: unknown): ScimError | null {
  if (error instanceof ScimError) return error;
  const parser = error as { type?: string };
  if (parser.type === 'entity.parse.failed')
    return ScimErrors.invalidSyntax('The request body is not valid JSON.');
  if (parser.type === 'entity.too.large') return ScimErrors.tooLarge();
  if (parser.type === 'encoding.unsupported' || parser.type === 'charset.unsupported')
    return new ScimError(415, 'Send the body as UTF-8 JSON.');
  return null;
}
