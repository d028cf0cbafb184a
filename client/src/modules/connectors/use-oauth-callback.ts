import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { exchangeAuthorizationCode } from './connector-rest';

export type CallbackState =
  | { phase: 'none' }
  | { phase: 'connecting' }
  | { phase: 'done'; name: string; site: string }
  | { phase: 'failed'; message: string };

/**
 * SPEC §4 the connector callback on /app/connectors?code=…&state=…: the code is exchanged once
 * only (a done flag, so a re-render or StrictMode's second effect cannot send it twice), then
 * code and state leave the address bar.
 */
export function useOAuthCallback(onConnected: () => void): CallbackState {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const done = useRef(false);
  const [result, setResult] = useState<CallbackState>(() =>
    code || denied ? { phase: 'connecting' } : { phase: 'none' },
  );

  useEffect(() => {
    if (done.current || (!code && !denied)) return;
    done.current = true;
    const clear = () => setParams({}, { replace: true });
    if (denied) {
      setResult({
        phase: 'failed',
        message:
          denied === 'access_denied'
            ? 'Authorization was cancelled: nothing was connected.'
            : `The sign-in service answered: ${params.get('error_description') ?? denied}.`,
      });
      clear();
      return;
    }
    void exchangeAuthorizationCode(code!, state ?? '').then((outcome) => {
      if (outcome.ok && outcome.body)
        setResult({ phase: 'done', name: outcome.body.name, site: outcome.body.site });
      else
        setResult({
          phase: 'failed',
          message: outcome.message ?? `Connecting failed (HTTP ${outcome.status}).`,
        });
      clear();
      if (outcome.ok) onConnected();
    });
  }, [code, state, denied, params, setParams, onConnected]);

  return result;
}
