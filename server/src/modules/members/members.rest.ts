import { Router } from 'express';
import { bodyString, handle, requireViewer } from '../../http/rest.js';
import type { Services } from '../../services.js';

/** SPEC §7 `POST /api/members/invite` { inviteMessage, emails }: the REST door to invitations. */
export function memberRoutes(services: Services): Router {
  const router = Router();
  router.post(
    '/members/invite',
    requireViewer(services, 'user.write'),
    handle(async (req, res) => {
      const roles = (req.body as { roles?: unknown }).roles;
      const outcome = await services.invitations.invite(req.viewer!, {
        emails: bodyString(req, 'emails')!,
        message: bodyString(req, 'inviteMessage', false) ?? null,
        roles: Array.isArray(roles) ? roles.map(String) : undefined,
      });
      res.json({
        invited: outcome.invited.map((i) => ({
          id: i.id,
          email: i.email,
          roles: i.roles,
          expiresAt: i.expiresAt,
        })),
        skipped: outcome.skipped,
      });
    }),
  );
  return router;
}
