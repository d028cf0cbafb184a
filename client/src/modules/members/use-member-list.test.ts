import { describe, expect, it } from 'vitest';
import type { MembersQuery } from './graphql/members.generated';
import { ada, alan, grace } from '../../test/members-mocks';
import { mergeMemberPages } from './use-member-list';

const page = (
  nodes: MembersQuery['members']['nodes'],
  endCursor: string | null,
  totalCount = 3,
): MembersQuery => ({
  members: { nodes, totalCount, pageInfo: { hasNextPage: endCursor !== null, endCursor } },
});

describe('mergeMemberPages', () => {
  it('appends the next page and takes its page info and total', () => {
    const merged = mergeMemberPages(page([ada(), grace()], 'c1'), page([alan()], null, 4));
    expect(merged.members.nodes.map((n) => n.id)).toEqual(['u1', 'u2', 'u3']);
    expect(merged.members.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
    expect(merged.members.totalCount).toBe(4);
  });

  it('skips members already listed when pages shifted', () => {
    const merged = mergeMemberPages(page([ada(), grace()], 'c1'), page([grace(), alan()], null));
    expect(merged.members.nodes.map((n) => n.id)).toEqual(['u1', 'u2', 'u3']);
  });
});
