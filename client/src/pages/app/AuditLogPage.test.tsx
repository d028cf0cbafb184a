import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AuditEventsDocument,
  AuditFiltersDocument,
} from '../../modules/audit/graphql/audit.generated';
import { renderWithProviders } from '../../test/render';
import { AuditLogPage } from './AuditLogPage';

const event = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'AuditEvent',
  id,
  at: '2026-11-25T10:00:00.000Z',
  action: 'member.removed',
  actor: { __typename: 'AuditActor', id: 'u1', email: 'ada@example.com' },
  apiKeyId: null,
  target: { __typename: 'AuditTarget', type: 'user', id: 'u2', label: 'grace@example.com' },
  ip: '10.0.0.7',
  userAgent: 'Mozilla/5.0',
  details: null,
  ...overrides,
});

const page = (nodes: unknown[], endCursor: string | null) => ({
  data: {
    auditEvents: {
      __typename: 'AuditEventConnection',
      nodes,
      pageInfo: { __typename: 'PageInfo', hasNextPage: endCursor !== null, endCursor },
    },
  },
});

const filters = {
  request: { query: AuditFiltersDocument },
  result: {
    data: {
      auditActions: ['member.removed', 'api_key.created', 'bot.source_attached'],
      members: {
        __typename: 'MemberConnection',
        nodes: [
          {
            __typename: 'User',
            id: 'u1',
            email: 'ada@example.com',
            firstName: 'Ada',
            lastName: 'Lovelace',
          },
        ],
      },
    },
  },
};

const events = (vars: Record<string, unknown>, result: ReturnType<typeof page>) => ({
  request: {
    query: AuditEventsDocument,
    variables: { first: 50, action: null, actorId: null, ...vars },
  },
  result,
});

describe('AuditLogPage', () => {
  it('lists events newest first, marks API-key actions, and loads more with the cursor', async () => {
    renderWithProviders(<AuditLogPage />, {
      mocks: [
        filters,
        events(
          {},
          page(
            [
              event('e1'),
              event('e2', {
                action: 'api_key.created',
                apiKeyId: 'k1',
                target: { __typename: 'AuditTarget', type: 'api_key', id: 'k1', label: 'CI' },
              }),
            ],
            'c2',
          ),
        ),
        events({ after: 'c2' }, page([event('e3', { action: 'invitation.sent' })], null)),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Member removed')).toBeInTheDocument();
    expect(within(rows[0]).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('via API key')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('via API key')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by action, and says when nothing matches', async () => {
    renderWithProviders(<AuditLogPage />, {
      mocks: [
        filters,
        events({}, page([event('e1')], null)),
        events({ action: 'api_key.created' }, page([], null)),
      ],
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.click(screen.getByPlaceholderText('Every action'));
    await userEvent.click(await screen.findByRole('option', { name: 'API key created' }));
    expect(await screen.findByText('No matching events')).toBeInTheDocument();
  });

  it('keeps the filters in the address: a reload keeps them and back undoes one', async () => {
    const { router } = renderWithProviders(<AuditLogPage />, {
      path: '/app/audit-log?action=api_key.created',
      mocks: [
        filters,
        events({ action: 'api_key.created' }, page([], null)),
        events({ action: 'api_key.created', actorId: 'u1' }, page([], null)),
        events({ action: 'api_key.created' }, page([], null)),
      ],
    });
    // Opened with ?action=: that filter is applied and shown.
    expect(await screen.findByText('No matching events')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('API key created');

    await userEvent.click(screen.getByPlaceholderText('Everyone'));
    await userEvent.click(await screen.findByRole('option', { name: /Ada Lovelace/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?action=api_key.created&actor=u1'),
    );

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?action=api_key.created'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue(''));
  });

  it('reads roles, actions and targets in plain words', async () => {
    renderWithProviders(<AuditLogPage />, {
      path: '/app/audit-log',
      mocks: [
        filters,
        events(
          {},
          page(
            [
              event('e1', {
                action: 'member.roles_changed',
                // Recorded before roles were written out: keys in the label.
                target: {
                  __typename: 'AuditTarget',
                  type: 'user',
                  id: 'u2',
                  label: 'grace@example.com: admin, product_expert',
                },
                details: JSON.stringify({
                  before: ['customer_facing'],
                  after: ['admin', 'product_expert'],
                }),
              }),
              event('e2', {
                action: 'bot.source_attached',
                target: { __typename: 'AuditTarget', type: 'source', id: 's1', label: 'Handbook' },
                details: JSON.stringify({ botId: 'b1', botName: 'HR helper' }),
              }),
            ],
            null,
          ),
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [roles, attached] = within(table).getAllByRole('row').slice(1);
    expect(within(roles!).getByText('Roles changed')).toBeInTheDocument();
    expect(
      within(roles!).getByText('grace@example.com: Admins, Product Experts', { exact: false }),
    ).toBeInTheDocument();
    expect(within(roles!).getByText('· member', { exact: false })).toBeInTheDocument();
    expect(
      within(roles!).getByText('Roles: Customer-facing prod → Admins, Product Experts'),
    ).toBeInTheDocument();
    expect(within(roles!).queryByText(/product_expert|customer_facing/)).toBeNull();
    expect(within(attached!).getByText('Source added to a bot')).toBeInTheDocument();
    expect(within(attached!).getByText('Bot: HR helper')).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    renderWithProviders(<AuditLogPage />, {
      mocks: [
        filters,
        {
          request: {
            query: AuditEventsDocument,
            variables: { first: 50, action: null, actorId: null },
          },
          error: new Error('Network down'),
        },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
