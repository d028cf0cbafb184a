import { MultiSelect, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { useGroupOptionsQuery } from '../graphql/groups.generated';
import { wordsFilter } from './option-filter';
import { renderPickerPill } from './picker-pill';

export interface GroupOption {
  id: string;
  name: string;
  memberCount: number;
}

interface GroupPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Groups already chosen (a non-admin may not be in them, so their list lacks them). */
  known?: readonly GroupOption[];
  /** Admins may choose any group; others the groups they are in. */
  isAdmin: boolean;
  error?: ReactNode;
  disabled?: boolean;
}

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;
const NO_EXTRA = new Map<string, string>();

/** A multi-select of the workspace's groups, each with its member count. */
export function GroupPicker({
  value,
  onChange,
  known = [],
  isAdmin,
  error,
  disabled,
}: GroupPickerProps) {
  const query = useGroupOptionsQuery();
  const listed = query.data?.groups;
  const { options, counts } = useMemo(() => {
    const groups = new Map<string, GroupOption>();
    for (const group of [...known, ...(listed ?? [])]) groups.set(group.id, group);
    return {
      options: [...groups.values()].map((g) => ({ value: g.id, label: g.name })),
      counts: new Map([...groups.values()].map((g) => [g.id, g.memberCount])),
    };
  }, [known, listed]);
  const filter = useMemo(() => wordsFilter(NO_EXTRA), []);
  const loadError = query.error ? `Could not load the groups: ${errorMessage(query.error)}` : null;
  const none =
    listed?.length === 0
      ? isAdmin
        ? 'No groups yet: create them under Team Settings → Groups.'
        : 'You are in no group. Admins manage groups under Team Settings → Groups.'
      : 'No group matches';
  return (
    <MultiSelect
      label="Groups"
      description={
        isAdmin
          ? 'Everyone in a chosen group can read it, including people added to the group later.'
          : 'Groups you are in. Everyone in a chosen group can read it.'
      }
      placeholder={value.length === 0 ? 'Choose groups' : undefined}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      filter={filter}
      nothingFoundMessage={query.loading ? 'Loading…' : none}
      renderOption={({ option }) => (
        <Text size="sm">
          {option.label}{' '}
          <Text span size="xs" c="dimmed">
            · {members(counts.get(option.value) ?? 0)}
          </Text>
        </Text>
      )}
      renderPill={renderPickerPill}
      clearable
      hidePickedOptions
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      error={error ?? loadError}
      disabled={disabled}
    />
  );
}
