import type { Request } from 'express';

/** Where a request came from, as the audit log keeps it (TRUST_PROXY decides what req.ip is). */
export function clientOf(req: Request): { ip: string | null; userAgent: string | null } {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null };
}
