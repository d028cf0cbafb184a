import type { Request } from 'express';
import type { Caller } from '../modules/auth/auth.service.js';
import { authenticate, bearerToken } from '../modules/auth/authenticate.js';
import type { Viewer } from '../modules/identity/viewer.js';
import { clientOf } from '../http/client-info.js';
import type { Services } from '../services.js';

export interface GraphQLContext {
  requestId: string;
  viewer: Viewer | null;
  caller: Caller;
  services: Services;
}

export async function buildContext(req: Request, services: Services): Promise<GraphQLContext> {
  const viewer = await authenticate(
    services.db,
    services.keys,
    bearerToken(req.headers.authorization),
  );
  if (viewer) viewer.client = clientOf(req);
  return {
    requestId: req.requestId,
    viewer,
    caller: { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? null },
    services,
  };
}
