import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from '../modules/auth/graphql/auth.generated';
import { clearSession, getRefreshToken, STORAGE_KEYS } from '../modules/auth/session-store';
import {
  SsoLogoutUrlDocument,
  type SsoLogoutUrlQuery,
} from '../modules/sso/graphql/sso-sign-in.generated';

/**
 * SPEC §4 logout: revoke the refresh token on the server, then, whether or not that worked,
 * forget the session here, drop cached data and go to /signin (or, for a single sign-on session
 * whose identity provider offers it, to the provider's sign-out, which comes back to /signin).
 */
export function useLogout() {
  const [signOut] = useSignOutMutation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    // A session that came through an identity provider ends there too, when it offers that.
    let idpLogout: string | null = null;
    try {
      const { data } = await client.query<SsoLogoutUrlQuery>({
        query: SsoLogoutUrlDocument,
        fetchPolicy: 'network-only',
      });
      idpLogout = data?.ssoLogoutUrl ?? null;
    } catch {
      // Without it, Lumen's own session still ends below.
    }
    try {
      await signOut({ variables: { refreshToken: getRefreshToken() } });
    } catch (error) {
      // The server could not revoke it (offline, already expired); it expires on its own.
      console.warn('Sign-out request failed; ending the local session anyway', error);
    } finally {
      clearSession();
      await client.clearStore().catch(() => undefined);
      if (idpLogout) window.location.assign(idpLogout);
      else await navigate('/signin', { replace: true });
      // The route guard saw the session end and saved this page to return to; a deliberate
      // logout should not send the next sign-in back here.
      sessionStorage.removeItem(STORAGE_KEYS.redirect);
    }
  };

  return { logout, loggingOut };
}
