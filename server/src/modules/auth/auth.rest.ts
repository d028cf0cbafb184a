import { Router } from 'express';
import { bodyBoolean, bodyString, handle, requireViewer } from '../../http/rest.js';
import type { Services } from '../../services.js';
import type { SignInOutcome } from './auth.service.js';
import { authenticate, bearerToken } from './authenticate.js';

/** The spec's auth paths (SPEC §7), as a thin door to AuthService. */
export function authRoutes(services: Services): Router {
  const router = Router();
  const { auth } = services;

  const tokens = (outcome: SignInOutcome) =>
    outcome.kind === 'new_password_required'
      ? { session: outcome.session }
      : {
          token: outcome.token,
          refresh_token: outcome.refreshToken,
          expires_in: outcome.expiresIn,
          permissions: outcome.permissions,
          user: publicUser(outcome.user),
        };

  router.post(
    '/signup',
    handle(async (req, res) => {
      const user = await auth.signUp(
        {
          email: bodyString(req, 'email')!,
          password: bodyString(req, 'password')!,
          firstName: bodyString(req, 'firstName', false),
          lastName: bodyString(req, 'lastName', false),
          marketingOptIn: bodyBoolean(req, 'marketingOptIn'),
        },
        { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? null },
      );
      res.status(201).json(publicUser(user));
    }),
  );

  router.post(
    '/signin',
    handle(async (req, res) => {
      const outcome = await auth.signIn(
        {
          email: bodyString(req, 'email')!,
          password: bodyString(req, 'password')!,
          rememberMe: bodyBoolean(req, 'rememberMe'),
        },
        { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? null },
      );
      res.json(tokens(outcome));
    }),
  );

  router.post(
    '/refresh',
    handle(async (req, res) => {
      res.json(tokens(await auth.refresh(bodyString(req, 'refresh_token')!)));
    }),
  );

  router.post(
    '/logout',
    handle(async (req, res) => {
      // A bearer token, when sent, is signed out too (its session ends at once).
      const caller = await authenticate(
        services.db,
        services.keys,
        bearerToken(req.headers.authorization),
      );
      await auth.signOut(bodyString(req, 'refresh_token', false), caller);
      res.json({ ok: true });
    }),
  );

  router.post(
    '/reset-password',
    handle(async (req, res) => {
      await auth.completeNewPassword({
        session: bodyString(req, 'session')!,
        email: bodyString(req, 'email')!,
        password: bodyString(req, 'password')!,
      });
      res.json({ ok: true });
    }),
  );

  // With `code` and `password` it sets the new password; with only `email` it mails a code.
  router.post(
    '/forgot-password',
    handle(async (req, res) => {
      const email = bodyString(req, 'email')!;
      const code = bodyString(req, 'code', false);
      const password = bodyString(req, 'password', false);
      if (code === undefined && password === undefined) {
        await auth.requestPasswordReset(email);
        return res
          .status(202)
          .json({ ok: true, message: 'If the account exists, a code is on its way.' });
      }
      await auth.confirmPasswordReset({ email, code: code ?? '', password: password ?? '' });
      res.json({ ok: true });
    }),
  );

  router.get(
    '/me',
    requireViewer(services),
    handle(async (req, res) => {
      const user = req.viewer!.user;
      res.json({
        ...publicUser(user),
        emailVerified: user.emailVerifiedAt != null,
        permissions: req.viewer!.permissions,
      });
    }),
  );

  return router;
}

function publicUser(user: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  workspaceId: string;
  roles: string[];
}) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    workspaceId: user.workspaceId,
    roles: user.roles,
  };
}
