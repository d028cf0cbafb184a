import { GraphQLError } from 'graphql';
import type { GroupInput, SourceAccessInput } from '../graphql/types';
import {
  CreateGroupDocument,
  DeleteGroupDocument,
  GroupOptionsDocument,
  GroupsDocument,
  PeopleOptionsDocument,
  UpdateGroupDocument,
  type GroupFieldsFragment,
  type PersonFieldsFragment,
} from '../modules/access/graphql/groups.generated';
import { SetSourceAccessDocument } from '../modules/access/graphql/source-access.generated';

type Person = PersonFieldsFragment & { __typename: 'User' };

export const person = (id: string, firstName: string, lastName: string): Person => ({
  __typename: 'User',
  id,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName,
});

export const adaPerson = () => person('u1', 'Ada', 'Lovelace');
export const gracePerson = () => person('u2', 'Grace', 'Hopper');
export const alanPerson = () => person('u3', 'Alan', 'Turing');

/** A group as the Groups query answers it. */
export function group(
  id: string,
  name: string,
  members: Person[] = [],
): GroupFieldsFragment & { __typename: 'Group' } {
  return {
    __typename: 'Group',
    id,
    name,
    memberCount: members.length,
    createdAt: '2024-03-01T12:00:00.000Z',
    members,
  };
}

export const groupsMock = (groups: ReturnType<typeof group>[]) => ({
  request: { query: GroupsDocument },
  result: { data: { groups } },
});

export const groupOptionsMock = (groups: { id: string; name: string; memberCount: number }[]) => ({
  request: { query: GroupOptionsDocument },
  result: { data: { groups: groups.map((g) => ({ __typename: 'Group', ...g })) } },
});

/** The people picker's answer for what was typed (`undefined`: nothing typed yet). */
export function peopleMock(people: Person[], search?: string) {
  return {
    request: { query: PeopleOptionsDocument, variables: search ? { search } : {} },
    result: {
      data: {
        members: { __typename: 'MemberConnection', nodes: people, totalCount: people.length },
      },
    },
    maxUsageCount: 5,
  };
}

const failure = (code: string, message: string, field?: string) => ({
  errors: [new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } })],
});

export function createGroupMock(
  input: GroupInput,
  outcome: ReturnType<typeof group> | { code: string; message: string; field?: string },
  onCall?: () => void,
) {
  return {
    request: { query: CreateGroupDocument, variables: { input } },
    result: () => {
      onCall?.();
      return 'code' in outcome
        ? failure(outcome.code, outcome.message, outcome.field)
        : { data: { createGroup: outcome } };
    },
  };
}

export function updateGroupMock(
  id: string,
  input: GroupInput,
  saved: ReturnType<typeof group>,
  onCall?: () => void,
) {
  return {
    request: { query: UpdateGroupDocument, variables: { id, input } },
    result: () => {
      onCall?.();
      return { data: { updateGroup: saved } };
    },
  };
}

export function deleteGroupMock(id: string, onCall?: () => void) {
  return {
    request: { query: DeleteGroupDocument, variables: { id } },
    result: () => {
      onCall?.();
      return { data: { deleteGroup: true } };
    },
  };
}

/** setSourceAccess answered with `answer` (the source's new access fields), or refused. */
export function setSourceAccessMock(
  sourceId: string,
  input: SourceAccessInput,
  answer: object | { code: string; message: string; field?: string },
  onCall?: () => void,
) {
  return {
    request: { query: SetSourceAccessDocument, variables: { sourceId, input } },
    result: () => {
      onCall?.();
      return 'code' in answer
        ? failure(
            (answer as { code: string }).code,
            (answer as { message: string }).message,
            (answer as { field?: string }).field,
          )
        : { data: { setSourceAccess: answer } };
    },
  };
}
