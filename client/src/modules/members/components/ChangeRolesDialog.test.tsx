import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { UpdateMemberRolesDocument } from '../graphql/members.generated';
import { storeSession } from '../../auth/session-store';
import { alan } from '../../../test/members-mocks';
import { fakeToken } from '../../../test/render';
import { renderUsersPage } from '../../../test/users-page';

afterEach(() => notifications.clean());

const LAST_ADMIN = 'A workspace needs at least one admin: make someone else an admin first.';

async function openChangeRoles(name: string) {
  storeSession(fakeToken({ permissions: ['user.read', 'user.write', 'search.read'] }), 'refresh');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change roles' }));
  const dialog = await screen.findByRole('dialog', { name: `Change roles for ${name}` });
  return { user, dialog: within(dialog) };
}

describe('ChangeRolesDialog', () => {
  it("shows the server's LAST_ADMIN refusal inside the dialog", async () => {
    renderUsersPage([
      {
        request: {
          query: UpdateMemberRolesDocument,
          variables: { userId: 'u1', roles: ['product_expert'] },
        },
        result: {
          errors: [new GraphQLError(LAST_ADMIN, { extensions: { code: 'LAST_ADMIN' } })],
        },
      },
    ]);
    const { user, dialog } = await openChangeRoles('Ada Lovelace');
    expect(dialog.getByRole('checkbox', { name: /^Admins/ })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: /^Product Experts/ })).not.toBeChecked();

    await user.click(dialog.getByRole('checkbox', { name: /^Admins/ }));
    await user.click(dialog.getByRole('checkbox', { name: /^Product Experts/ }));
    await user.click(dialog.getByRole('button', { name: 'Save roles' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not change roles');
    expect(alert).toHaveTextContent(LAST_ADMIN);
    expect(
      screen.getByRole('dialog', { name: 'Change roles for Ada Lovelace' }),
    ).toBeInTheDocument();
  });

  it('saves the new roles and the row shows them', async () => {
    renderUsersPage([
      {
        request: {
          query: UpdateMemberRolesDocument,
          variables: { userId: 'u3', roles: ['product_expert', 'customer_facing'] },
        },
        result: {
          data: {
            updateMemberRoles: { ...alan(), roles: ['product_expert', 'customer_facing'] },
          },
        },
      },
    ]);
    const { user, dialog } = await openChangeRoles('Alan Turing');
    await user.click(dialog.getByRole('checkbox', { name: /^Product Experts/ }));
    await user.click(dialog.getByRole('button', { name: 'Save roles' }));

    expect(await screen.findByText('Roles updated for Alan Turing')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('listitem', { name: 'Alan Turing' });
    expect(within(row).getByText('Product Experts')).toBeInTheDocument();
    expect(within(row).getByText('Customer-facing prod')).toBeInTheDocument();
  });

  it('needs at least one role', async () => {
    renderUsersPage();
    const { user, dialog } = await openChangeRoles('Alan Turing');
    await user.click(dialog.getByRole('checkbox', { name: /^Customer-facing prod/ }));
    expect(dialog.getByText('Choose at least one role')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save roles' })).toBeDisabled();
  });
});
