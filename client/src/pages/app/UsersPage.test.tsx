import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  InvitationsDocument,
  MembersDocument,
  CreateInvitationLinkDocument,
  ResendInvitationDocument,
  RevokeInvitationDocument,
} from '../../modules/members/graphql/members.generated';
import { storeSession } from '../../modules/auth/session-store';
import { eagerRoutes } from '../../test/eager-routes';
import {
  ada,
  alan,
  firstPage,
  grace,
  invitation,
  invitationsMock,
  membersMock,
} from '../../test/members-mocks';
import { fakeToken, renderRoutes } from '../../test/render';
import { renderUsersPage as renderPage } from '../../test/users-page';

const routes = await eagerRoutes();

afterEach(() => notifications.clean());

const ADMIN = ['user.read', 'user.write', 'search.read'];
const signIn = (permissions = ADMIN) => storeSession(fakeToken({ permissions }), 'refresh');

const row = (name: string) => screen.getByRole('listitem', { name });
const findRow = (name: string) => screen.findByRole('listitem', { name });
const memberNames = () =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('UsersPage: the member list', () => {
  it('lists members with role labels, marks you, and shows the total', async () => {
    signIn();
    renderPage(
      [],
      membersMock(
        firstPage,
        [ada(), grace(), { ...alan(), deactivatedAt: '2026-11-20T10:00:00.000Z' }],
        { totalCount: 2000, endCursor: 'c1' },
      ),
    );
    expect(screen.getByRole('heading', { name: 'Team Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading members')).toBeInTheDocument();

    expect(await findRow('Ada Lovelace')).toHaveTextContent('ada@example.com');
    expect(within(row('Ada Lovelace')).getByText('You')).toBeInTheDocument();
    expect(within(row('Ada Lovelace')).getByText('Admins')).toBeInTheDocument();
    expect(within(row('Grace Hopper')).getByText('Product Experts')).toBeInTheDocument();
    expect(within(row('Grace Hopper')).queryByText('You')).not.toBeInTheDocument();
    expect(within(row('Alan Turing')).getByText('Customer-facing prod')).toBeInTheDocument();
    expect(within(row('Alan Turing')).getByText('AT')).toBeInTheDocument();
    // Deactivated by the identity provider (SCIM): said on the row, and only there.
    expect(within(row('Alan Turing')).getByText('Deactivated')).toBeInTheDocument();
    expect(within(row('Grace Hopper')).queryByText('Deactivated')).not.toBeInTheDocument();
    expect(screen.getByText('2,000 members')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 2,000')).toBeInTheDocument();
    expect(await screen.findByText('Users in Analytical Engines')).toBeInTheDocument();
  });

  it('searches on the server as you type, once the typing pauses', async () => {
    signIn();
    const asked: unknown[] = [];
    renderPage([
      {
        request: {
          query: MembersDocument,
          variables: (variables: Record<string, unknown>) => asked.push(variables) > 0,
        },
        result: membersMock(firstPage, [grace()]).result,
        maxUsageCount: 5,
      },
    ]);
    await findRow('Alan Turing');

    await userEvent
      .setup()
      .type(screen.getByRole('textbox', { name: 'Search All Members' }), 'gra');

    await waitFor(() => expect(memberNames()).toEqual(['Grace Hopper']));
    expect(screen.getByText('1 member matching “gra”')).toBeInTheDocument();
    // One request for the whole word, not one per keystroke.
    expect(asked).toEqual([{ ...firstPage, search: 'gra' }]);
  });

  it('says so when nothing matches', async () => {
    signIn();
    renderPage([membersMock({ ...firstPage, search: 'zzz' }, [])]);
    await findRow('Ada Lovelace');
    await userEvent
      .setup()
      .type(screen.getByRole('textbox', { name: 'Search All Members' }), 'zzz');
    expect(await screen.findByText('No members match “zzz”')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('asks the server again for another sort order and role filter', async () => {
    signIn();
    renderPage([
      membersMock({ ...firstPage, sort: 'LAST_NAME' }, [grace(), ada(), alan()]),
      membersMock({ ...firstPage, sort: 'LAST_NAME', filter: 'ADMINS' }, [ada()]),
    ]);
    await findRow('Alan Turing');
    expect(memberNames()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);

    await choose('Sort by', 'Last Name');
    await waitFor(() =>
      expect(memberNames()).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']),
    );

    await choose('Show', 'Admins');
    await waitFor(() => expect(memberNames()).toEqual(['Ada Lovelace']));
    expect(screen.getByText('1 member')).toBeInTheDocument();
  });

  it('appends the next page with Load more', async () => {
    signIn();
    renderPage(
      [membersMock({ ...firstPage, after: 'c1' }, [alan()], { totalCount: 3 })],
      membersMock(firstPage, [ada(), grace()], { totalCount: 3, endCursor: 'c1' }),
    );
    await findRow('Grace Hopper');
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() =>
      expect(memberNames()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
  });

  it("shows the server's message when the members cannot be loaded, and asks again", async () => {
    signIn();
    renderPage([membersMock(firstPage, [ada(), grace()])], {
      request: { query: MembersDocument, variables: firstPage },
      result: { errors: [new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' } })] },
    });
    expect(await screen.findByText('Could not load members')).toBeInTheDocument();
    expect(screen.getByText('Not allowed')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^No members/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRow('Grace Hopper')).toBeInTheDocument();
    expect(memberNames()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(screen.queryByText('Could not load members')).not.toBeInTheDocument();
  });

  it('keeps the members listed under the error when a new search fails', async () => {
    signIn();
    renderPage([
      {
        request: { query: MembersDocument, variables: { ...firstPage, search: 'gra' } },
        result: {
          errors: [new GraphQLError('Search is down', { extensions: { code: 'INTERNAL' } })],
        },
      },
    ]);
    await findRow('Alan Turing');
    await userEvent
      .setup()
      .type(screen.getByRole('textbox', { name: 'Search All Members' }), 'gra');

    expect(await screen.findByText('Search is down')).toBeInTheDocument();
    expect(screen.getByText('Could not load members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(memberNames()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
  });
});

describe('UsersPage: pending invitations', () => {
  it('lists invitations with roles, inviter and expiry, and revokes one', async () => {
    signIn();
    renderPage(
      [
        {
          request: { query: RevokeInvitationDocument, variables: { id: 'i1' } },
          result: { data: { revokeInvitation: true } },
        },
      ],
      membersMock(firstPage, [ada()]),
      invitationsMock([
        invitation(),
        invitation({ id: 'i2', email: 'old@example.com', expired: true, roles: ['admin'] }),
      ]),
    );
    const fresh = await findRow('new@example.com');
    expect(fresh).toHaveTextContent('Invited by Ada Lovelace');
    expect(fresh).toHaveTextContent('Expires Mar 8, 2024');
    expect(within(fresh).getByText('Customer-facing prod')).toBeInTheDocument();
    expect(within(fresh).queryByText('Expired')).not.toBeInTheDocument();
    const old = row('old@example.com');
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).getByText('Admins')).toBeInTheDocument();

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Revoke invitation to new@example.com' }));

    expect(await screen.findByText('Invitation to new@example.com revoked')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'new@example.com' })).not.toBeInTheDocument(),
    );
    expect(row('old@example.com')).toBeInTheDocument();
  });
  it('says why a resend was refused', async () => {
    signIn();
    renderPage([
      {
        request: { query: ResendInvitationDocument, variables: { id: 'i1' } },
        result: {
          errors: [
            new GraphQLError('This invitation was just sent. Try again in 42 seconds.', {
              extensions: { code: 'TOO_MANY_REQUESTS' },
            }),
          ],
        },
      },
    ]);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Resend invitation to new@example.com' }));
    expect(await screen.findByText('Could not resend the invitation')).toBeInTheDocument();
    expect(
      screen.getByText('This invitation was just sent. Try again in 42 seconds.'),
    ).toBeInTheDocument();
  });
});

describe('UsersPage: loading the invitations', () => {
  it('says when there are none', async () => {
    signIn();
    renderPage([], undefined, invitationsMock([]));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });

  it("shows the server's message when they cannot be loaded, and asks again", async () => {
    signIn();
    renderPage([invitationsMock([invitation()])], undefined, {
      request: { query: InvitationsDocument },
      result: {
        errors: [new GraphQLError('Invitations are down', { extensions: { code: 'INTERNAL' } })],
      },
    });
    expect(await screen.findByText('Could not load invitations')).toBeInTheDocument();
    expect(screen.getByText('Invitations are down')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'new@example.com' })).not.toBeInTheDocument();

    // The members load fine: the only retry on the page is the invitations'.
    await findRow('Grace Hopper');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findRow('new@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Could not load invitations')).not.toBeInTheDocument();
  });
});

describe('UsersPage: invitation links', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    notifications.clean();
  });

  it('copies a fresh invitation link to the clipboard', async () => {
    signIn();
    const url = 'https://lumen.example.com/accept-invite?token=fresh';
    renderPage([
      // The list is read again: the link's new expiry.
      invitationsMock([invitation()]),
      {
        request: { query: CreateInvitationLinkDocument, variables: { id: 'i1' } },
        result: {
          data: {
            createInvitationLink: {
              __typename: 'InvitationLink',
              url,
              expiresAt: '2024-03-15T12:00:00.000Z',
            },
          },
        },
      },
    ]);
    // user-event puts its own clipboard on navigator: the link is read back from it.
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Copy invitation link for new@example.com' }),
    );
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(url));
    expect(await screen.findByText('Invitation link for new@example.com copied')).toBeVisible();
    expect(screen.getByText(/link sent by email no longer works/)).toBeVisible();
  });

  it('shows the link to copy by hand where the clipboard is refused', async () => {
    signIn();
    const url = 'http://lumen.local/accept-invite?token=by-hand';
    renderPage([
      // The list is read again: the link's new expiry.
      invitationsMock([invitation()]),
      {
        request: { query: CreateInvitationLinkDocument, variables: { id: 'i1' } },
        result: {
          data: {
            createInvitationLink: {
              __typename: 'InvitationLink',
              url,
              expiresAt: '2024-03-15T12:00:00.000Z',
            },
          },
        },
      },
    ]);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(
      await screen.findByRole('button', { name: 'Copy invitation link for new@example.com' }),
    );
    expect(await screen.findByText(url)).toBeVisible();
  });
});

describe('UsersPage: what members without user.write see', () => {
  it('has no invite button, row menus, or invitation actions', async () => {
    signIn(['user.read', 'search.read']);
    renderPage();
    await findRow('Grace Hopper');
    await findRow('new@example.com');
    expect(
      screen.queryByRole('button', { name: 'Invite teammates to a team' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('gives a Customer-facing member no Users link and no way onto the page', async () => {
    signIn(['search.read']);
    const { router } = renderRoutes(routes, '/app/users');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/unauthorized');
    const panel = screen.getByRole('complementary', { name: 'Configuration' });
    expect(within(panel).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Integrations' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Team Settings' }));
    const menu = await screen.findByRole('menu', { name: 'Team Settings' });
    expect(within(menu).queryByRole('menuitem', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Integrations' })).toBeInTheDocument();
  });
});
