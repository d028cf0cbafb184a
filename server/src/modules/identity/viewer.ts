import type { User } from './user.entity.js';
import type { Permission } from './permissions.js';

/** The verified caller of a request. Identity never comes from a path or body field. */
export interface Viewer {
  userId: string;
  workspaceId: string;
  /** From the token: role changes apply at the next refresh. */
  permissions: Permission[];
  user: User;
  /** The session the access token belongs to (absent in tokens issued before sessions had ids). */
  sessionId?: string;
  /** Set when the caller is an API key acting for `user` (see modules/api-keys). */
  apiKeyId?: string;
  /** Where the request came from, for the audit log. */
  client?: { ip: string | null; userAgent: string | null };
}
