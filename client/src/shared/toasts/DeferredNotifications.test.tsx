import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredNotifications } from './DeferredNotifications';

afterEach(() => act(() => cleanNotifications()));

describe('DeferredNotifications', () => {
  it('mounts no toast container until the first toast, then shows it', async () => {
    render(
      <MantineProvider>
        <DeferredNotifications />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notifications.show({ title: 'Saved', message: 'The bot was saved' });
    });
    expect(await screen.findByText('The bot was saved')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
