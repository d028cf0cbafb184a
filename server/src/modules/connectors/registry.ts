import type { SourceKind } from '../corpus/index.js';
import type { Connector } from './connector.js';
import { confluenceConnector } from './confluence/confluence-connector.js';
import { githubConnector } from './github/github-connector.js';
import { googleDriveConnector } from './google-drive/google-drive-connector.js';
import { jiraConnector } from './jira/jira-connector.js';

/** Every built connector by source kind: a new tool is one folder and one line here. */
const CONNECTORS: Partial<Record<SourceKind, Connector>> = {
  confluence: confluenceConnector as Connector,
  jira: jiraConnector as Connector,
  google_docs: googleDriveConnector as Connector,
  github: githubConnector as Connector,
};

export type ConnectorKind = 'confluence' | 'jira' | 'google_docs' | 'github';

export function connectorFor(kind: string): Connector | undefined {
  return CONNECTORS[kind as SourceKind];
}

export function isConnectorKind(kind: string): kind is ConnectorKind {
  return connectorFor(kind) !== undefined;
}

export const CONNECTOR_KINDS = Object.keys(CONNECTORS) as ConnectorKind[];
