import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUserSearch } from '@tabler/icons-react';
import { memo } from 'react';
import { displayName } from '../../../layout/user-display';
import { EmptyState } from '../../../shared/EmptyState';
import { errorMessage } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import type { MemberListState, MemberNode } from '../use-member-list';
import { FILTER_OPTIONS } from './MemberFilters';
import { MemberMenu } from './MemberMenu';
import { MemberRow } from './MemberRow';
import classes from './MemberList.module.css';

const numberFormat = new Intl.NumberFormat('en-US');

/** "1 member", "2,000 members". */
export function memberCount(count: number): string {
  return `${numberFormat.format(count)} ${count === 1 ? 'member' : 'members'}`;
}

interface MemberListProps {
  list: MemberListState;
  currentUserId?: string;
  /** Shows the per-member menu (user.write). */
  canManage: boolean;
  labelFor: (key: string) => string;
  onChangeRoles: (member: MemberNode) => void;
  onRemove: (member: MemberNode) => void;
}

interface ItemProps extends Omit<MemberListProps, 'list' | 'currentUserId'> {
  member: MemberNode;
  isYou: boolean;
}

// Memoised with stable callbacks, so loading another page renders only the new rows.
const MemberListItem = memo(function MemberListItem({
  member,
  isYou,
  canManage,
  labelFor,
  onChangeRoles,
  onRemove,
}: ItemProps) {
  return (
    <MemberRow
      member={member}
      isYou={isYou}
      labelFor={labelFor}
      actions={
        canManage ? (
          <MemberMenu
            name={displayName(member)}
            onChangeRoles={() => onChangeRoles(member)}
            onRemove={isYou ? undefined : () => onRemove(member)}
          />
        ) : undefined
      }
    />
  );
});

function LoadingRows() {
  return (
    <Paper withBorder radius="lg" aria-busy="true" aria-label="Loading members">
      <Stack gap={0} className={classes.list}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Group key={i} gap="sm" px="md" py="sm" wrap="nowrap">
            <Skeleton height={38} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width={`${30 + ((i * 13) % 25)}%`} />
              <Skeleton height={10} width={`${40 + ((i * 7) % 20)}%`} />
            </Stack>
            <Skeleton height={20} width={90} radius="sm" visibleFrom="xs" />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function NoMatches({ search, filter }: Pick<MemberListState, 'filter'> & { search: string }) {
  const filterLabel = FILTER_OPTIONS.find((o) => o.value === filter)?.label ?? '';
  const title = search ? `No members match “${search}”` : `No members in ${filterLabel}`;
  const description =
    filter === 'EVERYONE'
      ? 'Try another name or email address.'
      : `Try another name, or show Everyone instead of ${filterLabel}.`;
  return (
    <EmptyState icon={IconUserSearch} headingOrder={4} title={title} description={description} />
  );
}

/** The paged member list: skeletons, errors, empty state, rows and 'Load more'. */
export function MemberList({ list, currentUserId, ...itemProps }: MemberListProps) {
  const { members, totalCount, error, initialLoading } = list;
  // Members kept from an earlier answer stay listed (under the error, if the new one failed).
  const answered = members.length > 0 || (!initialLoading && !error);

  return (
    <Stack gap="sm">
      <QueryState
        data={answered ? members : undefined}
        error={error}
        onRetry={() => void list.reload()}
        errorTitle="Could not load members"
        errorAboveData
        loading={<LoadingRows />}
        isEmpty={(listed) => listed.length === 0}
        empty={<NoMatches search={list.appliedSearch} filter={list.filter} />}
      >
        {(listed) => (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {memberCount(totalCount)}
              {list.appliedSearch ? ` matching “${list.appliedSearch}”` : ''}
            </Text>
            <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
              <div role="list" aria-label="Members" className={classes.list}>
                {listed.map((member) => (
                  <MemberListItem
                    key={member.id}
                    member={member}
                    isYou={member.id === currentUserId}
                    {...itemProps}
                  />
                ))}
              </div>
            </Paper>
            {list.loadMoreError != null && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                Could not load more members: {errorMessage(list.loadMoreError)}
              </Alert>
            )}
            {list.hasNextPage && (
              <Group justify="center" gap="md">
                <Text size="sm" c="dimmed">
                  Showing {numberFormat.format(listed.length)} of {numberFormat.format(totalCount)}
                </Text>
                <Button variant="default" loading={list.loadingMore} onClick={list.loadMore}>
                  Load more
                </Button>
              </Group>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
