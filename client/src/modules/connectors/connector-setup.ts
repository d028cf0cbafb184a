import { useCallback } from 'react';
import { CONNECTORS, type ConnectorKind } from './connector-kinds';
import { useConnectorCapabilitiesQuery } from './graphql/connectors.generated';

/** What the server's operator does before a tool that connects only by signing in can be used. */
export interface SetupGuide {
  /** Whose sign-in it is ("Google"). */
  provider: string;
  /** The settings the operator sets (never their values: those stay on the server). */
  settings: string[];
  /** Where the provider's OAuth clients are made. */
  consoleUrl: string;
  /** The steps, in the operator's words (docs/CONNECTORS.md holds the same, in full). */
  steps: string[];
  /** The operator's guide: a file of Lumen's source, and its section. */
  docs: { file: string; section: string };
}

/**
 * Tools that connect only by signing in with their provider (no token to paste): without the
 * server's OAuth client they cannot be connected at all, so their cards say so instead of
 * "Available". (Atlassian tools also connect with an API token, GitHub with an access token.)
 */
export const SETUP_GUIDES: Partial<Record<ConnectorKind, SetupGuide>> = {
  google_docs: {
    provider: 'Google',
    settings: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    consoleUrl: 'https://console.cloud.google.com/apis/credentials',
    steps: [
      'In the Google Cloud console, enable the Google Drive API for a project of your organisation.',
      'On the OAuth consent screen, add the scope https://www.googleapis.com/auth/drive.readonly.',
      'Create an OAuth client ID of type Web application, with the authorized redirect URI below.',
      'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the Lumen server and restart it.',
    ],
    docs: { file: 'docs/CONNECTORS.md', section: 'Connecting Google Drive / Docs' },
  },
};

/** What a card says about a tool the server's operator must set up first. */
export const NEEDS_SETUP = "Needs setup by the server's operator";

/** The OAuth redirect URI the operator registers: this server's Connectors page. */
export const redirectUri = () => `${window.location.origin}/app/connectors`;

/**
 * Which tools this server cannot connect until its operator sets them up. Unknown (false) until
 * the server has answered, so nothing flickers to "needs setup" while loading.
 */
export function useConnectorSetup() {
  const { data } = useConnectorCapabilitiesQuery();
  const oauthKinds = data?.connectorCapabilities.oauthKinds;
  const needsSetup = useCallback(
    (kind: ConnectorKind) =>
      oauthKinds !== undefined && CONNECTORS[kind].mode === 'oauth' && !oauthKinds.includes(kind),
    [oauthKinds],
  );
  return { needsSetup, loaded: oauthKinds !== undefined };
}
