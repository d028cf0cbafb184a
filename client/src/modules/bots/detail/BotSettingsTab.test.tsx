import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { botMock, deleteBotMock, renderBotPage } from '../../../test/bot-detail-mocks';

describe('Bot settings tab', () => {
  it('summarises the general settings', async () => {
    renderBotPage('/app/bots/b1?tab=settings', [botMock()]);

    const general = await screen.findByRole('region', { name: 'General' });
    expect(within(general).getByText('HR helper')).toBeInTheDocument();
    expect(within(general).getByText('GPT-4o (omni) - Recommended')).toBeInTheDocument();
    expect(within(general).getByText('Japanese')).toBeInTheDocument();
  });

  it('deletes the bot after confirming and goes to the bot list', async () => {
    const deleted = vi.fn();
    const { router } = renderBotPage('/app/bots/b1?tab=settings', [
      botMock(),
      deleteBotMock('b1', deleted),
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete this bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bot?' });
    expect(deleted).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete this bot' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this bot?' })).getByRole('button', {
        name: 'Delete bot',
      }),
    );
    expect(await screen.findByText('Bots list')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/app/bots');
  });
});
