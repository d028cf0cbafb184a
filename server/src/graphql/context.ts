import type { Request } from 'express';
import type { Caller } from '../modules/auth/auth.service.js';
import { authenticate, bearerToken, type Viewer } from '../modules/auth/viewer.js';
import type { Services } from '../services.js';

export interface GraphQLContext {
  requestId: string;
  viewer: Viewer | null;
  caller: Caller;
  services: Services;
}

export async function buildContext(req: Request, services: Services): Promise<GraphQLContext> {
  return {
    requestId: req.requestId,
    viewer: await authenticate(services.db, services.keys, bearerToken(req.headers.authorization)),
    caller: { ip: req.ip ?? 'unknown' },
    services,
  };
}
