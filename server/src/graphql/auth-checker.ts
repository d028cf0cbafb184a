import type { AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from '../shared/app-error.js';
import type { GraphQLContext } from './context.js';

/** `@Authorized()` needs a signed-in caller; `@Authorized('user.read')` needs that permission. */
export const authChecker: AuthChecker<GraphQLContext> = ({ context }, required) => {
  const viewer = context.viewer;
  if (!viewer) throw unauthenticated();
  if (required.some((permission) => !viewer.permissions.includes(permission as never)))
    throw forbidden();
  return true;
};
