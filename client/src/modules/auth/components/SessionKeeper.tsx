import { useEffect } from 'react';
import { secondsLeft } from '../session-store';
import { REFRESH_MARGIN_SECONDS, refreshAccessToken } from '../token-refresh';
import { useSession } from '../use-session';

/** Renews the access token shortly before it expires while the app is open. */
export function SessionKeeper() {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    const left = secondsLeft() ?? 0;
    const delay = Math.max(0, (left - REFRESH_MARGIN_SECONDS) * 1000);
    const timer = window.setTimeout(() => void refreshAccessToken(), delay);
    return () => window.clearTimeout(timer);
  }, [token]);
  return null;
}
