import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/ask-mocks';
import {
  attachMock,
  botFields,
  botMock,
  botSource,
  detachMock,
  renderBotPage,
} from '../../../test/bot-detail-mocks';
import {
  STORED_PASSWORD,
  capabilitiesMock,
  connectMock,
  integrationSettingsMock,
} from '../../../test/connectors-mocks';
import { fakeToken } from '../../../test/render';
import { doc, source, sourcesMock } from '../../../test/sources-mocks';
import { storeSession } from '../../auth/session-store';
import { API_TOKEN_URL } from '../../connectors/connector-kinds';
import { SOURCES_HELP } from './BotSourcesTab';

const WORKSPACE = [
  source({ id: 's1', name: 'Handbook' }, [
    doc({ id: 'd1', fileName: 'handbook.pdf' }),
    doc({ id: 'd2', fileName: 'travel.pdf' }),
    doc({ id: 'd3', fileName: 'draft.pdf', status: 'parsing', progress: 40 }),
  ]),
  source({ id: 's2', name: 'Engineering' }, [
    doc({ id: 'd4', sourceId: 's2', fileName: 'runbook.docx' }),
  ]),
];

const SETTINGS = {
  domain: 'acme.atlassian.net',
  username: 'ada@example.com',
  password: STORED_PASSWORD,
  spacekey: 'ENG',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openNewSource() {
  await userEvent.click(await screen.findByRole('button', { name: '+ New Source' }));
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Bot sources tab', () => {
  it('explains the sources and hides the source cards until + New Source', async () => {
    renderBotPage('/app/bots/b1', [botMock()]);

    expect(await screen.findByText(SOURCES_HELP)).toBeInTheDocument();
    expect(screen.getByText(/answers only from these sources/)).toBeInTheDocument();
    const attached = within(screen.getByRole('list', { name: 'Attached sources' }));
    expect(attached.getByText('Handbook')).toBeInTheDocument();
    expect(attached.getByText('Whole source · 3 indexed documents')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confluence Pages/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Workspace source' })).not.toBeInTheDocument();
    // One plus: the label's own, no plus icon before it.
    expect(screen.getByRole('button', { name: '+ New Source' }).querySelector('svg')).toBeNull();
  });

  it('attaches a single indexed document of a workspace source', async () => {
    const attached = vi.fn();
    renderBotPage('/app/bots/b1', [
      botMock(botFields(), []),
      sourcesMock(WORKSPACE),
      attachMock(
        { botId: 'b1', documentId: 'd2' },
        botSource({
          id: 'a9',
          kind: 'document',
          sourceId: null,
          documentId: 'd2',
          title: 'travel',
          documentCount: 1,
        }),
        attached,
      ),
    ]);

    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
    await openNewSource();
    expect(screen.getByRole('button', { name: /Confluence Pages/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Source' })).toBeEnabled());
    await pick('Source', 'Handbook (2 documents)');
    await userEvent.click(screen.getByRole('combobox', { name: 'Documents' }));
    // Only indexed documents can be picked.
    expect(screen.queryByRole('option', { name: 'draft' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'travel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Attach' }));

    await waitFor(() => expect(attached).toHaveBeenCalledTimes(1));
    const list = within(await screen.findByRole('list', { name: 'Attached sources' }));
    expect(list.getByText('travel')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Bot facts' })).getByText('1 source · 1 document'),
    ).toBeInTheDocument();
  });

  it('attaches a whole source and marks an attached one', async () => {
    const attached = vi.fn();
    renderBotPage('/app/bots/b1', [
      botMock(),
      sourcesMock(WORKSPACE),
      attachMock(
        { botId: 'b1', sourceId: 's2' },
        botSource({ id: 'a3', sourceId: 's2', title: 'Engineering', documentCount: 1 }),
        attached,
      ),
    ]);

    await openNewSource();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Source' })).toBeEnabled());
    await pick('Source', 'Handbook (2 documents) — attached');
    expect(screen.getByRole('button', { name: 'Already attached' })).toBeDisabled();
    await pick('Source', 'Engineering (1 document)');
    await userEvent.click(screen.getByRole('button', { name: 'Attach' }));

    await waitFor(() => expect(attached).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('2 sources · 4 documents')).toBeInTheDocument();
  });

  it('detaches a source', async () => {
    const detached = vi.fn();
    renderBotPage('/app/bots/b1', [botMock(), detachMock('b1', 'a1', detached)]);

    await userEvent.click(await screen.findByRole('button', { name: 'Detach Handbook' }));
    await waitFor(() => expect(detached).toHaveBeenCalled());
    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
  });

  it('connects Confluence from the bot: settings loaded, a refusal shown on its field, then attached', async () => {
    const connected = vi.fn();
    const attached = vi.fn();
    const edited = { ...SETTINGS, spacekey: 'ENG, NOPE' };
    renderBotPage('/app/bots/b1', [
      botMock(),
      sourcesMock(WORKSPACE, { maxUsageCount: 5 }),
      integrationSettingsMock('confluence', SETTINGS),
      capabilitiesMock([]),
      connectMock('confluence', edited, {
        error: {
          code: 'INVALID_SETTINGS',
          field: 'spacekey',
          message: 'Confluence has no space "NOPE".',
        },
      }),
      connectMock(
        'confluence',
        SETTINGS,
        { source: { id: 's9', name: 'Confluence · ENG' } },
        connected,
      ),
      attachMock(
        { botId: 'b1', sourceId: 's9' },
        botSource({ id: 'a9', sourceId: 's9', title: 'Confluence · ENG' }),
        attached,
      ),
    ]);

    await openNewSource();
    await userEvent.click(screen.getByRole('button', { name: /^Confluence Pages/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Confluence' });
    expect(await within(dialog).findByRole('textbox', { name: 'Domain' })).toHaveValue(
      'acme.atlassian.net',
    );
    expect(within(dialog).getByLabelText(/^API token/)).toHaveValue(STORED_PASSWORD);
    expect(within(dialog).getByLabelText(/^API token/)).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('link', { name: 'Create an API token' })).toHaveAttribute(
      'href',
      API_TOKEN_URL,
    );
    // No OAuth app on this server: Authorize is there but cannot be used.
    expect(within(dialog).getByRole('button', { name: 'Authorize' })).toBeDisabled();

    const keys = within(dialog).getByRole('textbox', { name: /^Space key/ });
    await userEvent.clear(keys);
    await userEvent.type(keys, 'ENG, NOPE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Confluence has no space "NOPE".')).not.toHaveLength(
      0,
    );
    expect(keys).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(keys);
    await userEvent.type(keys, 'ENG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(connected).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(attached).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Connect Confluence' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Confluence attached to this bot')).toBeInTheDocument();
  });

  it('Resync posts with the bearer token and shows what the server said', async () => {
    const token = fakeToken();
    storeSession(token, 'refresh');
    const fetchMock = vi.fn(async () =>
      jsonResponse(202, { sources: [{ id: 's9', status: 'idle', message: 'Sync started.' }] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBotPage('/app/bots/b1', [
      botMock(),
      sourcesMock(WORKSPACE),
      integrationSettingsMock('confluence', SETTINGS),
      capabilitiesMock(['confluence', 'jira']),
    ]);

    await openNewSource();
    await userEvent.click(screen.getByRole('button', { name: /^Confluence Pages/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Confluence' });
    await within(dialog).findByRole('textbox', { name: 'Domain' });
    expect(within(dialog).getByRole('button', { name: 'Authorize' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resync' }));

    expect(await within(dialog).findByText('Sync started.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/resync-confluence');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect(init.body).toBeUndefined();
  });
});
