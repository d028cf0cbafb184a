import { Init1795255029244 } from './1795255029244-Init.js';
import { AddInvitations1795257708522 } from './1795257708522-AddInvitations.js';
import { AddSources1795258947521 } from './1795258947521-AddSources.js';

/** Every migration in order. New ones come from `npm run migration:generate -w server -- Name`. */
export const migrations = [Init1795255029244, AddInvitations1795257708522, AddSources1795258947521];
