import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import { LinkedAccountsDocument } from '../../modules/linked-accounts/graphql/linked-accounts.generated';
import { setSourceAccessMock } from '../../test/access-mocks';
import { connection } from '../../test/connectors-mocks';
import { linkedAccount, linkedAccountsMock } from '../../test/linked-accounts-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { ADA, everyoneAccess, mirrorAccess, source, sourcesMock } from '../../test/sources-mocks';
import { ConnectorsPage } from './ConnectorsPage';

afterEach(() => notifications.clean());

const ADMIN = ['user.read', 'user.write', 'search.read', 'source.write'];
const MEMBER = ['user.read', 'search.read'];
const signIn = (permissions: string[]) => storeSession(fakeToken({ permissions }), 'refresh');

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<ConnectorsPage />, { path: '/app/connectors', mocks });

const GRACE = {
  __typename: 'User' as const,
  id: 'u2',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
};
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A connected tool's source, mirroring its permissions unless told. */
const tool = (
  id: string,
  kind: string,
  name: string,
  overrides: Parameters<typeof source>[0] = {},
) =>
  source({
    id,
    kind,
    name,
    description: `${name} pages`,
    connection: connection(),
    access: mirrorAccess(),
    ...overrides,
  });

async function expandRow(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Show files of ${name}` }));
  return within(screen.getByRole('listitem', { name }));
}

describe('Sources that mirror their tool’s permissions', () => {
  it('shows when the permissions were read, not yet, unreadable, or unmatched', async () => {
    signIn(ADMIN);
    renderPage([
      sourcesMock([
        tool('s1', 'confluence', 'Engineering wiki', {
          permissionsCheckedAt: minutesAgo(4),
          permissionsState: 'ok',
          unmatchedDocumentCount: 3,
        }),
        tool('s2', 'jira', 'Ops issues'),
        tool('s3', 'github', 'API repo', {
          permissionsCheckedAt: minutesAgo(60),
          permissionsState: 'degraded',
          permissionsError: 'The token may not list the repository’s collaborators.',
        }),
        tool('s5', 'jira', 'Ops restricted', {
          permissionsCheckedAt: minutesAgo(2),
          permissionsState: 'degraded',
          permissionsFromMembers: true,
          permissionsError: 'The account may not read Jira’s permission schemes.',
        }),
        tool('s4', 'confluence', 'Public wiki', {
          access: everyoneAccess(),
          permissionsCheckedAt: minutesAgo(4),
        }),
      ]),
    ]);

    const wiki = await expandRow('Engineering wiki');
    expect(
      await wiki.findByText(
        'Permissions checked 4 minutes ago · 3 documents are readable by no linked member yet',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Who can see Engineering wiki: As in Confluence/ }),
    ).toBeInTheDocument();

    const ops = await expandRow('Ops issues');
    expect(await ops.findByText('Permissions not read yet')).toBeInTheDocument();
    expect(ops.queryByText(/readable by no linked member/)).not.toBeInTheDocument();

    const repo = await expandRow('API repo');
    expect(repo.getByText('Owner only')).toBeInTheDocument();
    const alert = await repo.findByRole('alert');
    expect(alert).toHaveTextContent("Could not read GitHub's permissions");
    expect(alert).toHaveTextContent(
      "Only the owner can read its documents until the connecting account may read GitHub's permissions.",
    );
    expect(alert).toHaveTextContent('The token may not list the repository’s collaborators.');

    const asked = await expandRow('Ops restricted');
    expect(asked.getByText('Asked per member')).toBeInTheDocument();
    expect(await asked.findByRole('alert')).toHaveTextContent(
      'Meanwhile each member who links their account with read access finds what Jira lets them open',
    );

    // Everyone reads this one: its tool's permissions do not matter.
    const open = await expandRow('Public wiki');
    expect(open.getByText(/^Last synced/)).toBeInTheDocument();
    expect(open.queryByText(/^Permissions/)).not.toBeInTheDocument();
  });

  it('offers the owner to keep mirroring, warning before Everyone', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const saved = vi.fn();
    renderPage([
      sourcesMock([tool('s1', 'confluence', 'Engineering wiki')]),
      setSourceAccessMock(
        's1',
        { mode: 'WORKSPACE' },
        {
          __typename: 'Source',
          id: 's1',
          canManageAccess: true,
          readable: true,
          owner: { __typename: 'User', ...ADA },
          access: everyoneAccess(),
        },
        saved,
      ),
      sourcesMock([tool('s1', 'confluence', 'Engineering wiki', { access: everyoneAccess() })]),
    ]);
    await user.click(await screen.findByRole('button', { name: /^Who can see Engineering wiki/ }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Who can see Engineering wiki?' }),
    );
    const modes = within(dialog.getByRole('radiogroup', { name: 'Who can read its documents' }));
    expect(modes.getByRole('radio', { name: /^Mirror Confluence's permissions/ })).toBeChecked();
    await user.click(modes.getByRole('radio', { name: /^Everyone in the workspace/ }));
    expect(
      dialog.getByText(
        'Everything the connecting account can read becomes readable by every member.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it('lets the owner choose how often the tool’s permissions are read again', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const saved = vi.fn();
    renderPage([
      sourcesMock([tool('s1', 'confluence', 'Engineering wiki')]),
      setSourceAccessMock(
        's1',
        { mode: 'MIRROR', permissionSyncMinutes: 5 },
        {
          __typename: 'Source',
          id: 's1',
          canManageAccess: true,
          readable: true,
          owner: { __typename: 'User', ...ADA },
          access: { ...mirrorAccess(), permissionSyncMinutes: 5 },
        },
        saved,
      ),
      sourcesMock([tool('s1', 'confluence', 'Engineering wiki')]),
    ]);
    await user.click(await screen.findByRole('button', { name: /^Who can see Engineering wiki/ }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Who can see Engineering wiki?' }),
    );
    const every = dialog.getByRole('textbox', {
      name: /Read Confluence's permissions again every/,
    });
    expect(every).toHaveValue('15');
    await user.clear(every);
    await user.type(every, '5');
    await user.click(dialog.getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it('asks a member to link the account of a mirrored tool they have not linked', async () => {
    signIn(MEMBER);
    const readOnly = { owner: GRACE, canManageAccess: false };
    renderPage([
      sourcesMock([
        tool('s1', 'google_docs', 'Team Drive', readOnly),
        tool('s2', 'confluence', 'Engineering wiki', readOnly),
        tool('s3', 'github', 'API repo', { ...readOnly, access: everyoneAccess() }),
      ]),
      linkedAccountsMock([linkedAccount({ provider: 'atlassian', email: 'ada@acme.test' })]),
    ]);
    const prompt = await screen.findByRole('note', { name: 'Link your Google account' });
    expect(prompt).toHaveTextContent(
      'Link your Google account to search the Drive files shared with you.',
    );
    expect(within(prompt).getByRole('link', { name: 'Link Google' })).toHaveAttribute(
      'href',
      '/app/account/linked',
    );
    // Atlassian is linked; GitHub's source is readable by everyone.
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('asks for read access when a connection cannot read its tool’s permissions', async () => {
    signIn(MEMBER);
    const readOnly = { owner: GRACE, canManageAccess: false };
    const perMember = { permissionsState: 'degraded', permissionsFromMembers: true };
    renderPage([
      sourcesMock([
        tool('s1', 'github', 'API repo', { ...readOnly, ...perMember }),
        tool('s2', 'confluence', 'Engineering wiki', { ...readOnly, ...perMember }),
        tool('s3', 'google_docs', 'Team Drive', { ...readOnly, ...perMember }),
      ]),
      linkedAccountsMock([
        linkedAccount({ provider: 'github', email: null, accountId: '42' }),
        linkedAccount({ provider: 'google', checksAccess: true }),
      ]),
    ]);
    const github = await screen.findByRole('note', { name: 'Link your GitHub account' });
    expect(github).toHaveTextContent(
      'Link your GitHub account again, with read access, so Lumen can ask GitHub what you may open',
    );
    expect(within(github).getByRole('link', { name: 'Link GitHub again' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Link your Atlassian account' })).toHaveTextContent(
      'Link your Atlassian account with read access so Lumen can ask Atlassian what you may open',
    );
    // Google is linked with read access already.
    expect(screen.getAllByRole('note')).toHaveLength(2);
    expect(
      within(screen.getByRole('listitem', { name: 'API repo' })).getByText('Asked per member'),
    ).toBeInTheDocument();
  });

  it('names Atlassian and GitHub, and asks nothing when no tool is mirrored', async () => {
    signIn(MEMBER);
    const readOnly = { owner: GRACE, canManageAccess: false };
    const { unmount } = renderPage([
      sourcesMock([
        tool('s1', 'jira', 'Ops issues', readOnly),
        tool('s2', 'github', 'API repo', readOnly),
      ]),
      linkedAccountsMock([]),
    ]);
    expect(
      await screen.findByRole('note', { name: 'Link your Atlassian account' }),
    ).toHaveTextContent(
      'Link your Atlassian account to search the Confluence pages and Jira issues you can open.',
    );
    expect(screen.getByRole('note', { name: 'Link your GitHub account' })).toHaveTextContent(
      'Link your GitHub account to search the repositories you can read.',
    );
    unmount();

    const asked = vi.fn(() => ({ data: { linkedAccounts: [] } }));
    renderPage([
      sourcesMock([
        tool('s1', 'jira', 'Ops issues', { ...readOnly, access: everyoneAccess() }),
        // The owner reads all of their own mirrored source.
        tool('s2', 'github', 'API repo'),
      ]),
      { request: { query: LinkedAccountsDocument }, result: asked },
    ]);
    expect(await screen.findByRole('listitem', { name: 'API repo' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).not.toHaveBeenCalled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
