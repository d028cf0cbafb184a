import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import {
  alanPerson,
  gracePerson,
  groupOptionsMock,
  peopleMock,
  setSourceAccessMock,
} from '../../test/access-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { ADA, doc, restrictedAccess, source, sourcesMock } from '../../test/sources-mocks';
import { ConnectorsPage } from './ConnectorsPage';

afterEach(() => notifications.clean());

const ADMIN = ['user.read', 'user.write', 'search.read', 'source.write'];
const EXPERT = ['user.read', 'search.read', 'source.write'];
const signIn = (permissions: string[]) => storeSession(fakeToken({ permissions }), 'refresh');

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<ConnectorsPage />, { path: '/app/connectors', mocks });

const GRACE = { id: 'u2', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };
const FINANCE = { id: 'g1', name: 'Finance', memberCount: 3 };
/** Grace as a source's owner (a variable: the helper's type has no __typename). */
const GRACE_OWNER = { __typename: 'User' as const, ...GRACE };

/** The answer setSourceAccess gives: the source's access fields. */
const accessAnswer = (access: ReturnType<typeof restrictedAccess>) => ({
  __typename: 'Source',
  id: 's1',
  canManageAccess: true,
  readable: true,
  owner: { __typename: 'User', ...ADA },
  access,
});

const accessButton = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^Who can see ${name}`) });

describe('Source access on the Connectors page', () => {
  it('labels each row: Everyone, Only you, Only the owner, or the counts', async () => {
    signIn(EXPERT);
    renderPage([
      sourcesMock([
        source({ id: 's1', name: 'Handbook' }),
        source({ id: 's2', name: 'Payroll', access: restrictedAccess() }),
        source({
          id: 's3',
          name: 'Legal',
          owner: GRACE_OWNER,
          canManageAccess: false,
          access: restrictedAccess([], [], { memberCount: 0, groupCount: 0 }),
        }),
        source({
          id: 's4',
          name: 'Board',
          owner: GRACE_OWNER,
          canManageAccess: false,
          access: restrictedAccess([], [], { memberCount: 3, groupCount: 1 }),
        }),
      ]),
    ]);
    expect(await accessButton('Handbook')).toHaveTextContent('Everyone');
    expect(await accessButton('Payroll')).toHaveTextContent('Only you');
    expect(await accessButton('Legal')).toHaveTextContent('Only Grace Hopper');
    expect(await accessButton('Board')).toHaveTextContent('3 people, 1 group');
    expect(await accessButton('Handbook')).toHaveAccessibleName(
      'Who can see Handbook: Everyone. Change access',
    );
    expect(await accessButton('Board')).toHaveAccessibleName(
      'Who can see Board: 3 people, 1 group',
    );
  });

  it('restricts a source to a person and a group, sending exactly them', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const saved = vi.fn();
    const restricted = restrictedAccess([GRACE], [FINANCE]);
    renderPage([
      sourcesMock([source({ id: 's1', name: 'Handbook' })]),
      peopleMock([gracePerson(), alanPerson()]),
      peopleMock([gracePerson()], 'grace'),
      groupOptionsMock([FINANCE, { id: 'g2', name: 'Support', memberCount: 1 }]),
      setSourceAccessMock(
        's1',
        { mode: 'RESTRICTED', memberIds: ['u2'], groupIds: ['g1'] },
        accessAnswer(restricted),
        saved,
      ),
      sourcesMock([source({ id: 's1', name: 'Handbook', access: restricted })]),
    ]);
    await user.click(await accessButton('Handbook'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Who can see Handbook?' }));
    const modes = within(dialog.getByRole('radiogroup', { name: 'Who can read its documents' }));
    expect(modes.getByRole('radio', { name: /^Everyone in the workspace/ })).toBeChecked();

    await user.click(modes.getByRole('radio', { name: /^Only chosen people and groups/ }));
    // The owner is always in, and never offered.
    expect(dialog.getByText('You (Ada Lovelace)')).toBeInTheDocument();
    const people = dialog.getByRole('combobox', { name: /^People/ });
    await user.click(people);
    expect(screen.queryByRole('option', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    await user.type(people, 'grace');
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    await user.click(dialog.getByRole('combobox', { name: /^Groups/ }));
    await user.click(await screen.findByRole('option', { name: /Finance/ }));
    expect(dialog.getByRole('button', { name: 'Remove Grace Hopper' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Remove Finance' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Access saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Who can see Handbook?' }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(async () =>
      expect(await accessButton('Handbook')).toHaveTextContent('1 person, 1 group'),
    );
  });

  it('shows the server’s refusal inside the panel and keeps the choice', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    renderPage([
      sourcesMock([source({ id: 's1', name: 'Handbook', access: restrictedAccess([GRACE]) })]),
      peopleMock([gracePerson(), alanPerson()]),
      groupOptionsMock([FINANCE]),
      setSourceAccessMock(
        's1',
        { mode: 'WORKSPACE' },
        {
          code: 'FORBIDDEN',
          message: 'Only the source’s owner or an admin can change who can read it.',
        },
      ),
    ]);
    await user.click(await accessButton('Handbook'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Who can see Handbook?' }));
    expect(dialog.getByRole('radio', { name: /^Only chosen people and groups/ })).toBeChecked();
    expect(dialog.getByRole('button', { name: 'Remove Grace Hopper' })).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: /^Everyone in the workspace/ }));
    expect(
      dialog.getByText('Saving with Everyone forgets the people and groups chosen now.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save access' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not change who can see it');
    expect(alert).toHaveTextContent(
      'Only the source’s owner or an admin can change who can read it.',
    );
    expect(dialog.getByRole('radio', { name: /^Everyone in the workspace/ })).toBeChecked();
  });

  it('shows others a read-only view of who can see it', async () => {
    signIn(['search.read']);
    const user = userEvent.setup();
    renderPage([
      sourcesMock([
        source({
          id: 's1',
          name: 'Board',
          owner: GRACE_OWNER,
          canManageAccess: false,
          access: restrictedAccess([], [], { memberCount: 2, groupCount: 1 }),
        }),
      ]),
    ]);
    await user.click(await accessButton('Board'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Who can see Board?' }));
    expect(dialog.getByText('Only chosen people and groups')).toBeInTheDocument();
    expect(
      dialog.getByText(
        'Only Grace Hopper, 2 people and the members of 1 group can read its documents.',
      ),
    ).toBeInTheDocument();
    expect(
      dialog.getByText(/Only its owner, Grace Hopper, or an admin can change/),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('radio')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Save access' })).not.toBeInTheDocument();
  });

  it('tells an admin they manage a source they cannot read, and lets them give themselves access', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const granted = vi.fn();
    const locked = source(
      {
        id: 's1',
        name: 'Payroll',
        owner: GRACE_OWNER,
        readable: false,
        documentCount: 4,
        access: restrictedAccess([], [FINANCE]),
      },
      [],
    );
    const opened = restrictedAccess([ADA], [FINANCE]);
    renderPage([
      sourcesMock([locked]),
      setSourceAccessMock(
        's1',
        { mode: 'RESTRICTED', memberIds: ['u1'], groupIds: ['g1'] },
        { ...accessAnswer(opened), owner: GRACE_OWNER },
        granted,
      ),
      sourcesMock([
        source({ id: 's1', name: 'Payroll', owner: GRACE_OWNER, access: opened }, [
          doc({ id: 'd1', sourceId: 's1', fileName: 'salaries.pdf' }),
        ]),
      ]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Show files of Payroll' }));
    const row = within(screen.getByRole('listitem', { name: 'Payroll' }));
    expect(
      await row.findByText('You manage this source but cannot read its documents'),
    ).toBeInTheDocument();
    expect(row.getByText(/recorded in the audit log/)).toBeInTheDocument();
    expect(row.queryByRole('list', { name: 'Files of Payroll' })).not.toBeInTheDocument();

    // The panel's text is in the DOM before its opening transition ends; its buttons are only
    // reachable (not aria-hidden) once it has opened.
    await user.click(await row.findByRole('button', { name: 'Give myself access' }));
    await waitFor(() => expect(granted).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('You can now read Payroll')).toBeInTheDocument();
    expect(await row.findByRole('listitem', { name: 'salaries.pdf' })).toBeInTheDocument();
  });
});
