import type { SourceAccessInput } from '../graphql/types';
import { GraphQLError } from 'graphql';
import {
  ConnectIntegrationDocument,
  ConnectorCapabilitiesDocument,
  IntegrationSettingsDocument,
  type SourceConnectionFieldsFragment,
} from '../modules/connectors/graphql/connectors.generated';

export const STORED_PASSWORD = '••••••••';

type Settings = { domain: string; username: string; password: string; spacekey: string };
type Extra = { maxUsageCount?: number; delay?: number };

export const EMPTY: Settings = { domain: '', username: '', password: '', spacekey: '' };

export function integrationSettingsMock(kind: string, values: Settings = EMPTY, extra: Extra = {}) {
  return {
    request: { query: IntegrationSettingsDocument, variables: { name: kind } },
    result: { data: { integrationSettings: { __typename: 'IntegrationSettings', ...values } } },
    ...extra,
  };
}

export function capabilitiesMock(oauthKinds: string[] = [], extra: Extra = {}) {
  return {
    request: { query: ConnectorCapabilitiesDocument },
    result: {
      data: {
        connectorCapabilities: {
          __typename: 'ConnectorCapabilities',
          kinds: ['confluence', 'jira'],
          oauthKinds,
        },
      },
    },
    ...extra,
  };
}

/** A connected source's sync state as the Sources query answers it. */
export function connection(
  overrides: Partial<SourceConnectionFieldsFragment> = {},
): SourceConnectionFieldsFragment & { __typename: 'SourceConnection' } {
  return {
    __typename: 'SourceConnection',
    status: 'idle',
    authMode: 'basic',
    site: 'https://acme.atlassian.net',
    account: 'ada@acme.test',
    keys: ['ENG'],
    lastSyncStartedAt: '2024-03-01T12:00:00.000Z',
    lastSyncFinishedAt: '2024-03-01T12:01:00.000Z',
    nextSyncAt: '2024-03-01T12:31:00.000Z',
    itemsSeen: 120,
    itemsIndexed: 120,
    itemsFailed: 0,
    itemsDeleted: 0,
    itemsTotal: 120,
    lastError: null,
    ...overrides,
  };
}

export function connectMock(
  kind: string,
  input: Settings,
  outcome:
    | { source: { id: string; name: string } }
    | { error: { code: string; message: string; field?: string } },
  onCall?: () => void,
  /** What a new connection sends (a connected one sends none). */
  access?: SourceAccessInput,
) {
  return {
    request: { query: ConnectIntegrationDocument, variables: { name: kind, input, access } },
    result: () => {
      onCall?.();
      if ('error' in outcome)
        return {
          errors: [
            new GraphQLError(outcome.error.message, {
              extensions: { code: outcome.error.code, field: outcome.error.field },
            }),
          ],
        };
      return {
        data: {
          connectIntegration: {
            __typename: 'Source',
            id: outcome.source.id,
            kind,
            name: outcome.source.name,
            connection: connection({ status: 'syncing', lastSyncFinishedAt: null }),
          },
        },
      };
    },
  };
}
