import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InviteMembersInput, RoleKey } from '../../../graphql/types';
import { InviteMembersDocument } from '../graphql/members.generated';
import { storeSession } from '../../auth/session-store';
import { invitation, invitationsMock } from '../../../test/members-mocks';
import { fakeToken } from '../../../test/render';
import { renderUsersPage } from '../../../test/users-page';

afterEach(() => notifications.clean());

const signInAsAdmin = () =>
  storeSession(fakeToken({ permissions: ['user.read', 'user.write', 'search.read'] }), 'refresh');

const inviteMock = (input: InviteMembersInput, invited: string[], skipped: [string, string][]) => ({
  request: { query: InviteMembersDocument, variables: { input } },
  result: {
    data: {
      inviteMembers: {
        __typename: 'InviteMembersResult',
        invited: invited.map((email, i) =>
          invitation({ id: `n${i}`, email, roles: input.roles as RoleKey[] }),
        ),
        skipped: skipped.map(([email, message]) => ({
          __typename: 'InviteSkip',
          email,
          reason: 'ALREADY_MEMBER',
          message,
        })),
      },
    },
  },
});

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Invite teammates to a team' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite new teammates' });
  return { user, dialog: within(dialog) };
}

describe('InviteDialog', () => {
  it('invites, refetches the invitations, and keeps skipped addresses with their reasons', async () => {
    signInAsAdmin();
    renderUsersPage([
      inviteMock(
        { emails: 'a@x.com, grace@example.com', message: null, roles: ['customer_facing'] },
        ['a@x.com'],
        [['grace@example.com', 'Already a member of this workspace.']],
      ),
      invitationsMock([invitation({ id: 'n0', email: 'a@x.com' }), invitation()]),
    ]);
    const { user, dialog } = await openDialog();
    expect(
      dialog.getByText('To invite multiple teammates, separate email addresses with commas.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Customer-facing prod');
    expect(dialog.getByLabelText(/^Message/)).not.toBeRequired();
    expect(dialog.getByText('(Optional)')).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^Emails/), 'a@x.com, grace@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invites' }));

    expect(await screen.findByText('Invited a@x.com')).toBeInTheDocument();
    const notInvited = await dialog.findByRole('list', { name: 'Addresses not invited' });
    expect(notInvited).toHaveTextContent('grace@example.com: Already a member of this workspace.');
    expect(dialog.getByText('1 address was not invited')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Emails/)).toHaveValue('grace@example.com');
    expect(screen.getByRole('dialog', { name: 'Invite new teammates' })).toBeInTheDocument();
    // The refetched list shows the new invitation behind the dialog.
    expect(await screen.findByRole('listitem', { name: 'a@x.com' })).toBeInTheDocument();
  });

  it('sends the chosen role and message, and closes when everyone was invited', async () => {
    signInAsAdmin();
    renderUsersPage([
      inviteMock(
        { emails: 'b@x.com\nc@x.com', message: 'Welcome aboard!', roles: ['product_expert'] },
        ['b@x.com', 'c@x.com'],
        [],
      ),
      invitationsMock([]),
    ]);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^Emails/), 'b@x.com{Enter}c@x.com');
    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Product Experts' }));
    await user.type(dialog.getByLabelText(/^Message/), 'Welcome aboard!');
    await user.click(dialog.getByRole('button', { name: 'Send invites' }));

    expect(await screen.findByText('2 invitations sent')).toBeInTheDocument();
    expect(screen.getByText('Invited b@x.com and c@x.com')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Invite new teammates' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('asks for an address before calling the server, and Cancel closes', async () => {
    signInAsAdmin();
    const result = vi.fn();
    renderUsersPage([{ request: { query: InviteMembersDocument, variables: () => true }, result }]);
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Send invites' }));
    expect(await dialog.findByText('Enter at least one email address')).toBeInTheDocument();
    expect(result).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts the server's complaint about the message under the message field", async () => {
    signInAsAdmin();
    renderUsersPage([
      {
        request: {
          query: InviteMembersDocument,
          variables: { input: { emails: 'a@x.com', message: 'x', roles: ['customer_facing'] } },
        },
        result: {
          errors: [
            new GraphQLError('The message is at most 1000 characters.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'inviteMessage' },
            }),
          ],
        },
      },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText(/^Emails/), 'a@x.com');
    await user.type(dialog.getByLabelText(/^Message/), 'x');
    await user.click(dialog.getByRole('button', { name: 'Send invites' }));
    expect(await dialog.findByText('The message is at most 1000 characters.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Message/)).toHaveAttribute('aria-invalid', 'true');
  });
});
