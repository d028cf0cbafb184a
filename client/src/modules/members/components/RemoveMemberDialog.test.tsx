import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoveMemberDocument } from '../graphql/members.generated';
import { storeSession } from '../../auth/session-store';
import { ada, alan, firstPage, membersMock } from '../../../test/members-mocks';
import { fakeToken } from '../../../test/render';
import { renderUsersPage } from '../../../test/users-page';

afterEach(() => notifications.clean());

describe('RemoveMemberDialog', () => {
  it('asks first, removes the member and refetches the list', async () => {
    storeSession(fakeToken({ permissions: ['user.read', 'user.write'] }), 'refresh');
    renderUsersPage([
      {
        request: { query: RemoveMemberDocument, variables: { userId: 'u2' } },
        result: { data: { removeMember: true } },
      },
      membersMock(firstPage, [ada(), alan()]),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from workspace' });
    expect(dialog).toHaveTextContent('Remove Grace Hopper (grace@example.com) from');

    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));

    expect(
      await screen.findByText('Grace Hopper was removed from the workspace'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('2 members')).toBeInTheDocument();
  });

  it('offers no removal of yourself', async () => {
    storeSession(fakeToken({ permissions: ['user.read', 'user.write'] }), 'refresh');
    renderUsersPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
    expect(await screen.findByRole('menuitem', { name: 'Change roles' })).toBeInTheDocument();
    expect(
      screen.queryByRole('menuitem', { name: 'Remove from workspace' }),
    ).not.toBeInTheDocument();
  });
});
