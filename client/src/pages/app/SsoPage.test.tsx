import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import {
  CALLBACK,
  createScimTokenMock,
  createSsoConnectionMock,
  setSsoEnforcedMock,
  ssoConnection,
  ssoSettings,
  ssoSettingsMock,
  verifySsoDomainMock,
} from '../../test/sso-mocks';
import { joinSettingMock, setJoinMock } from '../../test/email-verification-mocks';
import { SsoPage } from './SsoPage';

afterEach(() => notifications.clean());

const renderPage = (mocks: RenderOptions['mocks']) => {
  storeSession(fakeToken({ permissions: ['user.read', 'user.write', 'search.read'] }), 'refresh');
  return renderWithProviders(<SsoPage />, { path: '/app/sso', mocks });
};

const TXT = 'lumen-domain-verification=abc123';

describe('SsoPage', () => {
  it('adds a first connection: the form sends exactly what was typed, the list shows it', async () => {
    const user = userEvent.setup();
    const created = ssoConnection({ groupRoles: [], groupsClaim: null, enabled: false });
    renderPage([
      ssoSettingsMock(ssoSettings()),
      createSsoConnectionMock(
        {
          name: 'Acme Okta',
          issuer: 'https://acme.okta.com',
          clientId: 'lumen-app',
          clientSecret: 's3cret',
          scopes: ['openid', 'email', 'profile'],
          domains: ['acme.com'],
          jitEnabled: true,
          defaultRole: 'customer_facing',
          groupsClaim: null,
          groupRoles: [],
          enabled: false,
        },
        created,
      ),
      ssoSettingsMock(ssoSettings({ ssoConnections: [created] })),
    ]);
    expect(await screen.findByText('No identity provider yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an identity provider' }));
    expect(dialog.getByRole('textbox', { name: /Redirect URI/ })).toHaveValue(CALLBACK);
    // Nothing is sent until the required fields are there.
    await user.click(dialog.getByRole('button', { name: 'Add connection' }));
    expect(dialog.getByText('Enter the issuer URL')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Acme Okta');
    await user.type(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'https://acme.okta.com');
    await user.type(dialog.getByRole('textbox', { name: /^Client ID/ }), 'lumen-app');
    await user.type(dialog.getByLabelText(/^Client secret/), 's3cret');
    await user.type(dialog.getByPlaceholderText('acme.com, then Enter'), 'acme.com{enter}');
    await user.click(dialog.getByRole('button', { name: 'Add connection' }));
    const row = await screen.findByRole('listitem', { name: 'Acme Okta' });
    expect(row).toHaveTextContent('Disabled');
    expect(row).toHaveTextContent('https://acme.okta.com · acme.com');
    expect(row).toHaveTextContent('New people join as Customer-facing prod');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderPage([
      ssoSettingsMock(ssoSettings()),
      createSsoConnectionMock(
        {
          name: 'Acme',
          issuer: 'https://idp.acme.com',
          clientId: 'x',
          clientSecret: 'y',
          scopes: ['openid', 'email', 'profile'],
          domains: ['acme.com'],
          jitEnabled: true,
          defaultRole: 'customer_facing',
          groupsClaim: null,
          groupRoles: [],
          enabled: false,
        },
        new GraphQLError('The issuer did not answer its discovery document.'),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Acme');
    await user.type(dialog.getByRole('textbox', { name: /^Issuer URL/ }), 'https://idp.acme.com');
    await user.type(dialog.getByRole('textbox', { name: /^Client ID/ }), 'x');
    await user.type(dialog.getByLabelText(/^Client secret/), 'y');
    await user.type(dialog.getByPlaceholderText('acme.com, then Enter'), 'acme.com{enter}');
    await user.click(dialog.getByRole('button', { name: 'Add connection' }));
    expect(await dialog.findByText(/did not answer its discovery document/)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Acme');
  });

  it('lists domains with their TXT record and says when the record is not found yet', async () => {
    const user = userEvent.setup();
    const settings = ssoSettings({
      ssoConnections: [ssoConnection({ domains: ['acme.com', 'acme.io'] })],
      ssoSettings: {
        __typename: 'SsoSettings',
        enforced: false,
        callbackUrl: CALLBACK,
        domains: [
          { __typename: 'SsoDomain', domain: 'acme.com', txtRecord: TXT, verified: true },
          { __typename: 'SsoDomain', domain: 'acme.io', txtRecord: TXT, verified: false },
        ],
      } as never,
    });
    renderPage([
      ssoSettingsMock(settings),
      verifySsoDomainMock('acme.io', false, TXT),
      ssoSettingsMock(settings),
    ]);
    const io = await screen.findByRole('listitem', { name: 'acme.io' });
    expect(within(io).getByText('Not verified')).toBeInTheDocument();
    expect(within(io).getByRole('textbox', { name: 'TXT record for acme.io' })).toHaveValue(TXT);
    const com = screen.getByRole('listitem', { name: 'acme.com' });
    expect(within(com).getByText('Verified')).toBeInTheDocument();
    expect(within(com).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    await user.click(within(io).getByRole('button', { name: 'Verify acme.io' }));
    expect(await screen.findByText(/TXT record of acme.io was not found yet/)).toBeInTheDocument();
  });

  it('lets admins open the workspace to people with a verified address at its domains', async () => {
    const user = userEvent.setup();
    const settings = ssoSettings({
      ssoConnections: [ssoConnection()],
      ssoSettings: {
        __typename: 'SsoSettings',
        enforced: false,
        callbackUrl: CALLBACK,
        domains: [{ __typename: 'SsoDomain', domain: 'acme.com', txtRecord: TXT, verified: true }],
      } as never,
    });
    const refusal = new GraphQLError('You do not have permission to do that.', {
      extensions: { code: 'FORBIDDEN' },
    });
    renderPage([
      ssoSettingsMock(settings),
      joinSettingMock(false),
      setJoinMock(true),
      setJoinMock(false, refusal),
    ]);
    const domains = within(await screen.findByRole('region', { name: 'Domains' }));
    const toggle = await domains.findByRole('switch', {
      name: /Let people with a verified address at these domains join/,
    });
    expect(toggle).not.toBeChecked();
    expect(
      domains.getByText(/as Customer-facing prod, instead of waiting for an invitation/),
    ).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    // A refusal is said, and the switch stays as the server has it.
    await user.click(toggle);
    expect(await domains.findByText('The setting was not saved')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('says why SSO cannot be required yet', async () => {
    const user = userEvent.setup();
    renderPage([
      ssoSettingsMock(ssoSettings()),
      setSsoEnforcedMock(true, new GraphQLError('Enable a connection before requiring SSO.')),
    ]);
    await user.click(
      await screen.findByRole('switch', { name: /Members sign in only through single sign-on/ }),
    );
    expect(
      await screen.findByText('Enable a connection before requiring SSO.'),
    ).toBeInTheDocument();
  });

  it('creates a SCIM token and shows it once', async () => {
    const user = userEvent.setup();
    const secret = 'lumenscim_AbCdEf0123456789';
    renderPage([
      ssoSettingsMock(ssoSettings()),
      createScimTokenMock(secret),
      ssoSettingsMock(
        ssoSettings({
          scimStatus: {
            __typename: 'ScimStatus',
            enabled: true,
            tokenPrefix: 'lumenscim_AbCd',
            createdAt: '2026-11-27T10:00:00.000Z',
            lastUsedAt: null,
            baseUrl: 'https://lumen.example/scim/v2',
          } as never,
        }),
      ),
    ]);
    expect(await screen.findByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(
      'https://lumen.example/scim/v2',
    );
    expect(screen.getByText(/No token/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Copy your SCIM token' }));
    expect(dialog.getByRole('textbox')).toHaveValue(secret);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Replace token' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
  });
});
