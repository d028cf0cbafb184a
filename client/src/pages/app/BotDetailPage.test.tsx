import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  RotateBotShareLinkDocument,
  SetBotShareLinkDocument,
} from '../../modules/bots/graphql/bots.generated';
import {
  botErrorMock,
  botFields,
  botMock,
  botReportMock,
  botSource,
  gqlError,
  renderBotPage,
  updateBotMock,
} from '../../test/bot-detail-mocks';

const SOURCES = [
  botSource(),
  botSource({
    id: 'a2',
    kind: 'document',
    sourceId: null,
    documentId: 'd9',
    title: 'Travel policy',
    documentCount: 1,
  }),
];

describe('BotDetailPage', () => {
  it('shows the header with the real source count, date, model, privacy and language', async () => {
    renderBotPage('/app/bots/b1', [botMock(botFields(), SOURCES)]);

    expect(await screen.findByRole('heading', { name: 'HR helper', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Answers questions about holidays and expenses.')).toBeInTheDocument();
    const facts = within(screen.getByRole('list', { name: 'Bot facts' }));
    expect(facts.getByText('2 sources · 4 documents')).toBeInTheDocument();
    expect(facts.getByText(/^Created .*2024/)).toBeInTheDocument();
    expect(facts.getByText('GPT-4o (omni) - Recommended')).toBeInTheDocument();
    expect(facts.getByText('Public access')).toBeInTheDocument();
    expect(facts.getByText('Japanese')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to bots' })).toHaveAttribute('href', '/app/bots');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the public chat link as an absolute address with a Copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderBotPage('/app/bots/b1', [botMock()]);

    const link = await screen.findByLabelText('Public chat link');
    const url = `${window.location.origin}/chat/share-token-123`;
    expect(link).toHaveValue(url);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('replaces the chat link after a confirmation, and turns it off and on', async () => {
    const user = userEvent.setup();
    const rotated = vi.fn();
    renderBotPage('/app/bots/b1', [
      botMock(),
      {
        request: { query: RotateBotShareLinkDocument, variables: { id: 'b1' } },
        result: () => {
          rotated();
          return { data: { rotateBotShareLink: botFields({ sharePath: '/chat/new-token-456' }) } };
        },
      },
      {
        request: { query: SetBotShareLinkDocument, variables: { id: 'b1', enabled: false } },
        result: {
          data: {
            setBotShareLink: botFields({ sharePath: null, shareEnabled: false }),
          },
        },
      },
      {
        request: { query: SetBotShareLinkDocument, variables: { id: 'b1', enabled: true } },
        result: { data: { setBotShareLink: botFields({ sharePath: '/chat/new-token-456' }) } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'New link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the chat link?' });
    expect(rotated).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Replace link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Public chat link')).toHaveValue(
        `${window.location.origin}/chat/new-token-456`,
      ),
    );
    expect(rotated).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Turn link off' }));
    expect(await screen.findByText(/The public chat link is off/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Public chat link')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn link on' }));
    expect(await screen.findByLabelText('Public chat link')).toBeInTheDocument();
  });

  it('edits the bot with the prefilled form and shows the saved values', async () => {
    const saved = vi.fn();
    const input = {
      name: 'HR and travel helper',
      description: 'Answers questions about holidays and expenses.',
      privacy: 'private' as const,
      model: 'gpt4o',
      language: 'ja',
    };
    renderBotPage('/app/bots/b1', [
      botMock(),
      updateBotMock(
        'b1',
        input,
        { bot: botFields({ name: input.name, privacy: 'private', sharePath: null }) },
        saved,
      ),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit HR helper' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('HR helper');
    expect(
      within(dialog).getByRole('radio', { name: 'GPT-4o (omni) - Recommended' }),
    ).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, input.name);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Private' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(
      await screen.findByRole('heading', { name: 'HR and travel helper', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('list', { name: 'Bot facts' })).getByText('Private'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Public chat link')).not.toBeInTheDocument();
  });

  it('shows the server’s validation message under the field', async () => {
    renderBotPage('/app/bots/b1', [
      botMock(),
      updateBotMock(
        'b1',
        {
          name: 'x'.repeat(5),
          description: 'Answers questions about holidays and expenses.',
          privacy: 'public',
          model: 'gpt4o',
          language: 'ja',
        },
        { error: gqlError('That name is taken.', 'BAD_USER_INPUT', 'name') },
      ),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit HR helper' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'xxxxx');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('That name is taken.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit HR helper' })).toBeInTheDocument();
  });

  it('says a missing or private bot does not exist, with a way back', async () => {
    renderBotPage('/app/bots/nope', [
      botErrorMock('nope', 'This bot does not exist or is private.', 'NOT_FOUND'),
    ]);

    expect(
      await screen.findByRole('heading', { name: 'This bot does not exist or is private' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all bots' })).toHaveAttribute('href', '/app/bots');
    expect(screen.getByRole('link', { name: 'Back to bots' })).toHaveAttribute('href', '/app/bots');
  });

  it('shows other failures with a retry', async () => {
    renderBotPage('/app/bots/b1', [botErrorMock('b1', 'Database is down', 'INTERNAL'), botMock()]);

    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    expect(screen.getByText('Could not load the bot')).toBeInTheDocument();
    expect(screen.queryByText('This bot does not exist or is private')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to bots' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'HR helper', level: 1 })).toBeInTheDocument();
  });

  it('opens on Sources and moves between tabs with the keyboard', async () => {
    const { router } = renderBotPage('/app/bots/b1', [
      botMock(),
      botReportMock('b1', {
        questions: 0,
        answered: 0,
        averageLatencyMs: 0,
        perDay: [],
        topSources: [],
      }),
    ]);

    const sources = await screen.findByRole('tab', { name: 'Sources' });
    expect(sources).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Sources',
      'Reports',
      'Logs',
      'Settings',
    ]);
    sources.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=reports');
    expect(await screen.findByText('No questions in this period')).toBeInTheDocument();
  });

  it('keeps Sources (read-only) and the chat for someone who cannot manage the bot', async () => {
    renderBotPage('/app/bots/b1?tab=logs', [
      botMock(botFields({ canManage: false, sharePath: null }), SOURCES),
    ]);

    expect(await screen.findByRole('tab', { name: 'Sources' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ New Source' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Detach/ })).not.toBeInTheDocument();
    expect(screen.getByText('Travel policy')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ask HR helper' })).toBeInTheDocument();
  });
});
