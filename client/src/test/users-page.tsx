import { UsersPage } from '../pages/app/UsersPage';
import { meMock } from './me-mock';
import {
  ada,
  alan,
  firstPage,
  grace,
  invitation,
  invitationsMock,
  membersMock,
  rolesMock,
} from './members-mocks';
import { renderWithProviders, type RenderOptions } from './render';

type Mocks = NonNullable<RenderOptions['mocks']>;

/**
 * /app/users with Ada signed in: Me, Roles, one pending invitation and, unless `first` says
 * otherwise, the members Ada, Grace and Alan on one page. `extra` answers later requests.
 */
export function renderUsersPage(
  extra: Mocks = [],
  first: Mocks[number] = membersMock(firstPage, [ada(), grace(), alan()]),
  invitations: Mocks[number] = invitationsMock([invitation()]),
) {
  return renderWithProviders(<UsersPage />, {
    path: '/app/users',
    mocks: [meMock(), rolesMock(), invitations, first, ...extra],
  });
}
