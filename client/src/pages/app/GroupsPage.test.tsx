import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import {
  adaPerson,
  alanPerson,
  createGroupMock,
  deleteGroupMock,
  gracePerson,
  group,
  groupsMock,
  peopleMock,
  updateGroupMock,
} from '../../test/access-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { GroupsPage } from './GroupsPage';

afterEach(() => notifications.clean());

const ADMIN = ['user.read', 'user.write', 'search.read', 'source.write'];
const MEMBER = ['search.read'];
const signIn = (permissions: string[]) => storeSession(fakeToken({ permissions }), 'refresh');

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<GroupsPage />, { path: '/app/groups', mocks });

const support = () => group('g1', 'Support', [adaPerson(), gracePerson()]);
const everyone = [adaPerson(), gracePerson(), alanPerson()];

async function choosePerson(dialog: ReturnType<typeof within>, typed: string, name: RegExp) {
  const user = userEvent.setup();
  const field = dialog.getByRole('combobox', { name: /^Members/ });
  await user.click(field);
  await user.type(field, typed);
  await user.click(await screen.findByRole('option', { name }));
}

describe('GroupsPage for an admin', () => {
  it('lists each group with its member count and members’ names, with edit and delete', async () => {
    signIn(ADMIN);
    renderPage([groupsMock([support(), group('g2', 'Finance')])]);
    expect(screen.getByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Groups' }));
    const row = list.getByRole('listitem', { name: 'Support' });
    expect(row).toHaveTextContent('2 members · Ada Lovelace and Grace Hopper');
    expect(within(row).getByText('You')).toBeInTheDocument();
    expect(list.getByRole('listitem', { name: 'Finance' })).toHaveTextContent('0 members');
    expect(list.getByRole('button', { name: 'Edit Support' })).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Delete Finance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New group' })).toBeInTheDocument();
  });

  it('explains what groups are for when there are none, and creates the first one', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const created = vi.fn();
    const finance = group('g2', 'Finance', [gracePerson()]);
    renderPage([
      groupsMock([]),
      peopleMock(everyone),
      peopleMock([gracePerson()], 'gra'),
      createGroupMock({ name: 'Finance', memberIds: ['u2'] }, finance, created),
    ]);
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Give a group access to a source instead of naming each person\./, {
        selector: 'p',
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New group' }));
    await user.click(dialog.getByRole('button', { name: 'Create group' }));
    expect(await dialog.findByText('Give the group a name')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();

    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Finance');
    await choosePerson(dialog, 'gra', /Grace Hopper/);
    await user.click(dialog.getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New group' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Finance' });
    expect(row).toHaveTextContent('1 member · Grace Hopper');
  });

  it('shows a duplicate name under the Name field and keeps the dialog open', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    renderPage([
      groupsMock([support()]),
      peopleMock(everyone),
      createGroupMock(
        { name: 'support', memberIds: [] },
        { code: 'GROUP_NAME_TAKEN', message: 'A group named “Support” already exists.' },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New group' }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'support');
    await user.click(dialog.getByRole('button', { name: 'Create group' }));
    expect(await dialog.findByText('A group named “Support” already exists.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'New group' })).toBeInTheDocument();
  });

  it('renames a group and replaces its members', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const saved = vi.fn();
    renderPage([
      groupsMock([support()]),
      peopleMock(everyone),
      peopleMock([alanPerson()], 'alan'),
      updateGroupMock(
        'g1',
        { name: 'Support leads', memberIds: ['u1', 'u3'] },
        group('g1', 'Support leads', [adaPerson(), alanPerson()]),
        saved,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Support' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Support');
    // Grace leaves, Alan joins.
    await user.click(dialog.getByRole('button', { name: 'Remove Grace Hopper' }));
    await user.clear(name);
    await user.type(name, 'Support leads');
    await choosePerson(dialog, 'alan', /Alan Turing/);
    await user.click(dialog.getByRole('button', { name: 'Save group' }));

    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Group saved')).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Support leads' });
    expect(row).toHaveTextContent('2 members · Ada Lovelace and Alan Turing');
  });

  it('asks before deleting a group, then removes it from the list', async () => {
    signIn(ADMIN);
    const user = userEvent.setup();
    const deleted = vi.fn();
    renderPage([groupsMock([support(), group('g2', 'Finance')]), deleteGroupMock('g1', deleted)]);
    await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete group' }));
    expect(dialog.getByText('Support')).toBeInTheDocument();
    expect(deleted).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Support' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Finance' })).toBeInTheDocument();
    expect(await screen.findByText('Support was deleted')).toBeInTheDocument();
  });
});

describe('GroupsPage for a member', () => {
  it('shows the groups they are in, read-only, and says admins manage groups', async () => {
    signIn(MEMBER);
    renderPage([groupsMock([support()])]);
    expect(
      screen.getByText(
        'Admins create groups and choose their members. Here are the groups you are in.',
      ),
    ).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Support' });
    expect(row).toHaveTextContent('2 members · Ada Lovelace and Grace Hopper');
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
  });

  it('explains groups when they are in none', async () => {
    signIn(MEMBER);
    renderPage([groupsMock([])]);
    expect(await screen.findByText('You are not in any group')).toBeInTheDocument();
    expect(
      screen.getByText(/instead of naming each person/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
  });
});
