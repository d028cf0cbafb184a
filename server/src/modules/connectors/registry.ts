import type { SourceKind } from '../sources/source.entity.js';
import type { Connector } from './connector.js';
import { confluenceConnector } from './confluence/confluence-connector.js';
import { jiraConnector } from './jira/jira-connector.js';

/** Every built connector by source kind: a new tool is one folder and one line here. */
const CONNECTORS: Partial<Record<SourceKind, Connector>> = {
  confluence: confluenceConnector as Connector,
  jira: jiraConnector as Connector,
};

export type ConnectorKind = 'confluence' | 'jira';

export function connectorFor(kind: string): Connector | undefined {
  return CONNECTORS[kind as SourceKind];
}

export function isConnectorKind(kind: string): kind is ConnectorKind {
  return connectorFor(kind) !== undefined;
}

export const CONNECTOR_KINDS = Object.keys(CONNECTORS) as ConnectorKind[];
