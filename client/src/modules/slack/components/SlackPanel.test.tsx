import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderWithProviders } from '../../../test/render';
import { storeSession } from '../../auth/session-store';
import { BotsDocument } from '../../bots/graphql/bots.generated';
import {
  ConnectSlackDocument,
  SlackChannelPickerDocument,
  SlackSettingsDocument,
} from '../graphql/slack.generated';
import { SlackPanel } from './SlackPanel';

const MANIFEST = '{\n  "display_information": { "name": "Lumen" }\n}';
const channel = (channelId: string, mode = 'MENTION', botId: string | null = null) => ({
  __typename: 'SlackChannel',
  channelId,
  botId,
  mode,
});
const integration = (over: Record<string, unknown> = {}) => ({
  __typename: 'SlackIntegration',
  teamId: 'T1',
  teamName: 'Acme Slack',
  connectedAt: '2026-11-27T10:00:00.000Z',
  status: 'CONNECTED',
  revokedReason: null,
  botUserId: 'U0LUMEN',
  channels: [channel('C1', 'ALL')],
  defaultChannel: channel('*'),
  ...over,
});
const settings = (slack: unknown) => ({
  request: { query: SlackSettingsDocument },
  result: { data: { slackIntegration: slack, slackManifest: MANIFEST } },
});
const picker = {
  request: { query: SlackChannelPickerDocument },
  result: {
    data: {
      slackChannels: [
        { __typename: 'SlackChannelInfo', id: 'C1', name: 'support', isPrivate: false },
        { __typename: 'SlackChannelInfo', id: 'C2', name: 'random', isPrivate: false },
      ],
    },
  },
};
const bots = { request: { query: BotsDocument }, result: { data: { bots: [] } } };

function renderPanel(mocks: unknown[]) {
  storeSession(fakeToken({ permissions: ['user.read', 'user.write', 'search.read'] }), 'r');
  return renderWithProviders(<SlackPanel />, { path: '/app/integrations', mocks: mocks as never });
}

describe('SlackPanel', () => {
  it('shows the manifest and connects with the bot token and signing secret', async () => {
    const user = userEvent.setup();
    renderPanel([
      settings(null),
      {
        request: {
          query: ConnectSlackDocument,
          variables: { input: { botToken: 'xoxb-bad', signingSecret: 'shh' } },
        },
        result: { errors: [new GraphQLError('Slack refused the token (invalid_auth).')] },
      },
      {
        request: {
          query: ConnectSlackDocument,
          variables: { input: { botToken: 'xoxb-good', signingSecret: 'shh' } },
        },
        result: { data: { connectSlack: integration() } },
      },
      settings(integration()),
      picker,
      bots,
    ]);
    expect(await screen.findByLabelText('Slack app manifest')).toHaveTextContent('"name": "Lumen"');
    const token = screen.getByLabelText(/^Bot token/);
    await user.type(token, 'not-a-token');
    await user.type(screen.getByLabelText(/^Signing secret/), 'shh');
    await user.click(screen.getByRole('button', { name: 'Connect Slack' }));
    expect(screen.getByText('A bot token starts with xoxb-')).toBeInTheDocument();
    await user.clear(token);
    await user.type(token, 'xoxb-bad');
    await user.click(screen.getByRole('button', { name: 'Connect Slack' }));
    expect(await screen.findByText('Slack refused the token (invalid_auth).')).toBeInTheDocument();
    await user.clear(token);
    await user.type(token, 'xoxb-good');
    await user.click(screen.getByRole('button', { name: 'Connect Slack' }));
    expect(await screen.findByText('Acme Slack')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Slack channels' }));
    expect(table.getByText('Direct messages and other channels')).toBeInTheDocument();
    expect(await table.findByText('#support')).toBeInTheDocument();
  });

  it('says when Slack revoked the token, and offers to connect again', async () => {
    renderPanel([
      settings(integration({ status: 'REVOKED', revokedReason: 'token_revoked' })),
      picker,
      bots,
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Slack answered token_revoked');
    expect(screen.getByText('Disconnected by Slack')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeInTheDocument();
  });
});
