import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectorsPage } from '../../pages/app/ConnectorsPage';
import { jsonResponse } from '../../test/ask-mocks';
import { fakeToken, renderWithProviders } from '../../test/render';
import { sourcesMock } from '../../test/sources-mocks';
import { storeSession } from '../auth/session-store';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function renderCallback(query: string) {
  const token = fakeToken({ permissions: ['search.read', 'source.write'] });
  storeSession(token, 'refresh');
  const result = renderWithProviders(
    <StrictMode>
      <ConnectorsPage />
    </StrictMode>,
    {
      path: `/app/connectors?${query}`,
      mocks: [sourcesMock([], { maxUsageCount: 5 })],
    },
  );
  return { ...result, token };
}

describe('the OAuth callback on /app/connectors', () => {
  it('shows Connecting…, exchanges the code once (even in StrictMode), then the result', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router, token } = renderCallback('code=the-code&state=the-state');

    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    answer(
      jsonResponse(200, {
        connected: true,
        site: 'https://acme.atlassian.net',
        sourceId: 's9',
        name: 'Confluence · ENG',
      }),
    );
    expect(await screen.findByText('Connected Confluence · ENG')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/get-access-token');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(init.body as string)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      state: 'the-state',
      client_secret: '',
    });
    // The code leaves the address bar: a reload cannot send it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows why when the server refuses the callback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          error: 'INVALID_STATE',
          message: 'This authorization was already used. Start again with Authorize.',
        }),
      ),
    );
    renderCallback('code=c&state=s');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not connect.*already used/);
  });

  it('says so when the user cancelled at Atlassian, sending nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderCallback('error=access_denied&state=s');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Authorization was cancelled/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
