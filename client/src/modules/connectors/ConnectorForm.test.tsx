import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
        { mode: 'WORKSPACE' },
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
    expect(await dialog.findByText('Sign-in with Google is not set up')).toBeInTheDocument();
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
});
