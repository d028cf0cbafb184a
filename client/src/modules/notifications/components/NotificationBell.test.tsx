import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderWithProviders } from '../../../test/render';
import { storeSession } from '../../auth/session-store';
import {
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  NotificationsDocument,
} from '../graphql/notifications.generated';
import { NotificationBell } from './NotificationBell';

const notice = (id: string, title: string, read: boolean, link = '/app/connectors') => ({
  __typename: 'Notification',
  id,
  kind: 'sync_finished',
  title,
  body: '3 items new or changed',
  link,
  read,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});

const listMock = (items: ReturnType<typeof notice>[]) => ({
  request: { query: NotificationsDocument },
  result: {
    data: { notifications: items, unreadNotificationCount: items.filter((n) => !n.read).length },
  },
});

function renderBell(mocks: unknown[]) {
  storeSession(fakeToken(), 'refresh');
  return renderWithProviders(<NotificationBell />, {
    path: '/app/dashboard',
    mocks: mocks as never,
    routes: [{ path: '/app/connectors', element: <p>Connectors page</p> }],
  });
}

describe('NotificationBell', () => {
  it('shows the dot and the count while something is unread, and leads where a notice is about', async () => {
    const user = userEvent.setup();
    let markedRead = false;
    const { router } = renderBell([
      listMock([notice('n1', 'Engineering wiki synced', false), notice('n2', 'Pat joined', true)]),
      {
        request: { query: MarkNotificationReadDocument, variables: { id: 'n1' } },
        result: () => {
          markedRead = true;
          return { data: { markNotificationRead: true } };
        },
      },
      listMock([notice('n1', 'Engineering wiki synced', true), notice('n2', 'Pat joined', true)]),
    ]);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(document.querySelector('.mantine-Indicator-indicator')).not.toBeNull();
    await user.click(bell);
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    expect(await panel.findAllByText('5 minutes ago')).toHaveLength(2);
    await user.click(panel.getByRole('button', { name: 'Unread: Engineering wiki synced' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/connectors'));
    await waitFor(() => expect(markedRead).toBe(true));
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    renderBell([
      listMock([notice('n1', 'A synced', false), notice('n2', 'B synced', false)]),
      {
        request: { query: MarkAllNotificationsReadDocument },
        result: { data: { markAllNotificationsRead: 2 } },
      },
      listMock([notice('n1', 'A synced', true), notice('n2', 'B synced', true)]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });
});
