import { Router } from 'express';
import { handle, requireViewer } from '../../http/rest.js';
import type { Services } from '../../services.js';

/**
 * SPEC §7's integration calls (get/save settings, resync, the OAuth token exchange) plus the
 * authorize URL, as thin shapes over ConnectorsService.
 */
export function connectorRoutes(services: Services): Router {
  const router = Router();
  const viewer = requireViewer(services);
  const connectors = services.connectors;

  router.get(
    '/get-integration/:name',
    viewer,
    handle(async (req, res) => {
      res.json(await connectors.settings(req.viewer!, req.params.name as string));
    }),
  );

  router.post(
    '/save-integration/:name',
    viewer,
    handle(async (req, res) => {
      const { settings, source } = await connectors.save(
        req.viewer!,
        req.params.name as string,
        (req.body ?? {}) as Record<string, unknown>,
      );
      res.json({ ...settings, sourceId: source.id, status: 'syncing' });
    }),
  );

  // The sync runs in the background: the answer only says it started.
  router.post(
    '/resync-confluence',
    viewer,
    handle(async (req, res) => {
      const sources = await connectors.resyncKind(req.viewer!, 'confluence');
      res.status(202).json(resyncBody(sources));
    }),
  );

  router.post(
    '/integrations/:name/resync',
    viewer,
    handle(async (req, res) => {
      const sources = await connectors.resyncKind(req.viewer!, req.params.name as string);
      res.status(202).json(resyncBody(sources));
    }),
  );

  router.get(
    '/integrations/:name/authorize-url',
    viewer,
    handle(async (req, res) => {
      const url = await services.connectorAuthorization.authorizeUrl(
        req.viewer!,
        req.params.name as string,
        {
          domain: req.query.domain,
          spacekey: req.query.spacekey,
        },
      );
      res.json({ url });
    }),
  );

  // The browser's client_id and client_secret are ignored: the server uses its own.
  router.post(
    '/get-access-token',
    viewer,
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { source, site } = await services.connectorAuthorization.completeAuthorization(
        req.viewer!,
        {
          code: body.code,
          state: body.state,
        },
      );
      res.json({ connected: true, site, sourceId: source.id, name: source.name });
    }),
  );

  return router;
}

function resyncBody(
  sources: { id: string; name: string; status: string; lastError: string | null }[],
) {
  return {
    sources: sources.map((s) => ({
      id: s.id,
      name: s.name,
      status: s.status,
      message:
        s.status === 'needs_reauth'
          ? (s.lastError ?? 'Reconnect this source: its credentials were refused.')
          : 'Sync started.',
    })),
  };
}
