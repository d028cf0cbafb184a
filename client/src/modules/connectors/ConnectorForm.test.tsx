import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../auth/session-store';
import {
  capabilitiesMock,
  connectMock,
  integrationSettingsMock,
  STORED_PASSWORD,
} from '../../test/connectors-mocks';
import { fakeToken, renderWithProviders } from '../../test/render';
import { ConnectorDialog } from './components/ConnectorDialog';
import type { ConnectorKind } from './connector-kinds';

afterEach(() => notifications.clean());

function open(kind: ConnectorKind, mocks: unknown[]) {
  storeSession(fakeToken({ permissions: ['search.read', 'source.write'] }), 'refresh');
  renderWithProviders(<ConnectorDialog kind={kind} onClose={() => {}} />, {
    path: '/app/connectors',
    mocks: mocks as never,
  });
}

describe('ConnectorForm per tool', () => {
  it('GitHub asks for a token and repositories, with no Atlassian fields and no Authorize', async () => {
    const user = userEvent.setup();
    let called = false;
    const input = {
      domain: '',
      username: '',
      password: 'github_pat_secret',
      spacekey: 'acme/api, acme/nope',
    };
    open('github', [
      integrationSettingsMock('github'),
      capabilitiesMock(['confluence', 'jira']),
      connectMock(
        'github',
        input,
        {
          error: {
            code: 'INVALID_SETTINGS',
            message: 'GitHub has no repository "acme/nope", or this token cannot read it.',
            field: 'spacekey',
          },
        },
        () => (called = true),
        { mode: 'MIRROR' },
      ),
    ]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect GitHub' }));
    expect(await dialog.findByLabelText(/^Access token/)).toHaveAttribute('type', 'password');
    expect(dialog.queryByLabelText(/^Username/)).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Authorize' })).not.toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Create a token' })).toHaveAttribute(
      'href',
      'https://github.com/settings/personal-access-tokens/new',
    );
    await user.type(dialog.getByLabelText(/^Access token/), input.password);
    await user.type(dialog.getByRole('textbox', { name: /^Repositories/ }), input.spacekey);
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('Could not connect GitHub')).toBeInTheDocument();
    expect(called).toBe(true);
    expect(dialog.getByRole('textbox', { name: /^Repositories/ })).toHaveAccessibleDescription(
      expect.stringContaining('acme/nope'),
    );
  });

  it('Google Drive connects only by signing in with Google, and says when that is not set up', async () => {
    open('google_docs', [integrationSettingsMock('google_docs'), capabilitiesMock([])]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Google Drive' }));
    expect(
      await dialog.findByText("Google Drive: needs setup by the server's operator"),
    ).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent('docs/CONNECTORS.md');
    expect(dialog.queryByLabelText(/token/i)).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Domain' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('a connected Google Drive saves its folders and can sign in again', async () => {
    open('google_docs', [
      integrationSettingsMock('google_docs', {
        domain: '',
        username: 'ada@acme.test',
        password: STORED_PASSWORD,
        spacekey: 'folder123',
      }),
      capabilitiesMock(['google_docs']),
    ]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Google Drive' }));
    expect(await dialog.findByRole('textbox', { name: /^Folders/ })).toHaveValue('folder123');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Sign in again' })).toBeEnabled();
  });

  it('a new connection mirrors the tool’s permissions by default, and warns before Everyone', async () => {
    const user = userEvent.setup();
    const connected = vi.fn();
    const input = {
      domain: 'acme.atlassian.net',
      username: 'ada@acme.test',
      password: 'secret-token',
      spacekey: '',
    };
    open('confluence', [
      integrationSettingsMock('confluence'),
      capabilitiesMock([]),
      connectMock(
        'confluence',
        input,
        { source: { id: 's9', name: 'Confluence · acme' } },
        connected,
        { mode: 'WORKSPACE' },
      ),
    ]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Confluence' }));
    const modes = within(
      await dialog.findByRole('radiogroup', { name: 'Who can see what it brings' }),
    );
    const radios = modes.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios[0]).toHaveAccessibleName(/^Mirror Confluence's permissions/);
    expect(radios[0]).toBeChecked();
    expect(
      modes.getByText(
        'Each member finds what they can open in the tool itself, through their linked account.',
      ),
    ).toBeInTheDocument();
    const warning = 'Everything the connecting account can read becomes readable by every member.';
    expect(dialog.queryByText(warning)).not.toBeInTheDocument();

    await user.click(modes.getByRole('radio', { name: /^Everyone in the workspace/ }));
    expect(dialog.getByRole('alert')).toHaveTextContent(warning);
    await user.click(modes.getByRole('radio', { name: /^Only chosen people and groups/ }));
    expect(dialog.queryByText(warning)).not.toBeInTheDocument();
    await user.click(modes.getByRole('radio', { name: /^Everyone in the workspace/ }));

    await user.type(dialog.getByRole('textbox', { name: 'Domain' }), input.domain);
    await user.type(dialog.getByRole('textbox', { name: /^Username/ }), input.username);
    await user.type(dialog.getByLabelText(/^API token/), input.password);
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(connected).toHaveBeenCalledTimes(1));
  });

  it('a connected tool keeps its access: no choice, none sent', async () => {
    open('jira', [
      integrationSettingsMock('jira', {
        domain: 'acme.atlassian.net',
        username: 'ada@acme.test',
        password: STORED_PASSWORD,
        spacekey: 'OPS',
      }),
      capabilitiesMock([]),
    ]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Jira' }));
    expect(await dialog.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(dialog.queryByRole('radio', { name: /^Mirror Jira's permissions/ })).toBeNull();
  });
});
