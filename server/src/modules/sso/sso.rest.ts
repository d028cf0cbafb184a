import { Router, type Request, type Response } from 'express';
import { randomToken } from '../../security/app-keys.js';
import { clientOf } from '../../http/client-info.js';
import { handle } from '../../http/rest.js';
import type { Services } from '../../services.js';
import { perMinute } from '../../security/rate-limiter.js';
import { cleanReturnTo } from './sso-input.js';
import { SsoErrors } from './sso.errors.js';

const BROWSER_COOKIE = 'lumen_sso';
const COOKIE_PATH = '/api/auth/sso';

/**
 * The browser's side of single sign-on: /start sends it to the IdP (also the IdP-initiated
 * `initiate_login_uri`), /callback is the one redirect URI every IdP is given.
 */
export function ssoRoutes(services: Services, publicUrl: string): Router {
  const router = Router();
  const { ssoSignIn } = services;
  // Sign-in redirects per client address and minute, counted across instances.
  const limit = async (kind: 'start' | 'callback', req: Request) => {
    const wait = await services.limits.take(`sso-${kind}:${req.ip ?? 'unknown'}`, perMinute(60));
    if (wait) throw SsoErrors.tooManyRequests(wait);
  };

  router.get(
    '/auth/sso/callback',
    handle(async (req, res) => {
      await limit('callback', req);
      const target = await ssoSignIn.callback(
        req.query as Record<string, unknown>,
        readCookie(req, BROWSER_COOKIE),
        clientOf(req),
      );
      res.redirect(302, target);
    }),
  );

  router.get(
    '/auth/sso/:id/start',
    handle(async (req, res) => {
      await limit('start', req);
      // One value per browser, kept while sign-ins are under way: the callback must come back
      // to the browser that started it (no one can finish their sign-in in someone else's).
      const existing = readCookie(req, BROWSER_COOKIE);
      const browser = existing && /^[\w-]{32,64}$/.test(existing) ? existing : randomToken();
      const hint = typeof req.query.login_hint === 'string' ? req.query.login_hint.trim() : '';
      const target = await ssoSignIn.start(String(req.params.id), {
        returnTo: cleanReturnTo(req.query.return_to),
        loginHint: hint && hint.length <= 254 && !/[\s<>]/.test(hint) ? hint : null,
        browser,
      });
      setBrowserCookie(res, browser, publicUrl.startsWith('https:'));
      res.redirect(302, target);
    }),
  );

  return router;
}

function setBrowserCookie(res: Response, value: string, secure: boolean) {
  res.cookie(BROWSER_COOKIE, value, {
    httpOnly: true,
    // Lax: the IdP's redirect back is a top-level GET navigation, which carries it.
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: 10 * 60 * 1000,
  });
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
