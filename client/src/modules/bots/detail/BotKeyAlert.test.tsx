import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../auth/session-store';
import { botFields, botMock, renderBotPage } from '../../../test/bot-detail-mocks';
import { fakeToken } from '../../../test/render';

describe('the bot page’s warning about its key', () => {
  it('shows a refused key in red to its owner, with the way to Integrations', async () => {
    storeSession(fakeToken({ sub: 'u1' }), 'refresh');
    renderBotPage('/app/bots/b1', [botMock({ ...botFields(), providerStatus: 'INVALID' })]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The AI key this bot answers with was refused');
    expect(alert).toHaveTextContent(/OpenAI refused your key.*saved again in Integrations/);
    expect(screen.getByRole('link', { name: 'Fix the key in Integrations' })).toHaveAttribute(
      'href',
      '/app/integrations',
    );
  });

  it('tells an admin who manages another’s bot whose key it is, without the link', async () => {
    storeSession(fakeToken({ sub: 'admin-2' }), 'refresh');
    renderBotPage('/app/bots/b1', [botMock({ ...botFields(), providerStatus: 'INVALID' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent(/OpenAI refused the owner’s key/);
    expect(screen.queryByRole('link', { name: 'Fix the key in Integrations' })).toBeNull();
  });

  it('says a failing key is paused for a while', async () => {
    renderBotPage('/app/bots/b1', [botMock({ ...botFields(), providerStatus: 'COOLING_DOWN' })]);
    expect(
      await screen.findByText('The AI provider is failing for this bot’s key'),
    ).toBeInTheDocument();
  });

  it('says nothing while the key works, or to those who do not manage the bot', async () => {
    const { unmount } = renderBotPage('/app/bots/b1', [botMock()]);
    expect(await screen.findByRole('heading', { name: 'HR helper', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/AI key this bot|failing for this bot/)).toBeNull();
    unmount();
    renderBotPage('/app/bots/b1', [
      botMock({ ...botFields({ canManage: false, sharePath: null }), providerStatus: null }),
    ]);
    expect(await screen.findByRole('heading', { name: 'HR helper', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/AI key this bot|failing for this bot/)).toBeNull();
  });
});
