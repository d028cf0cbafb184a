import { Group, MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { displayName } from '../../../layout/user-display';
import { errorMessage } from '../../../shared/graphql-errors';
import type { Person } from '../access-summary';
import { usePeopleOptionsQuery } from '../graphql/groups.generated';
import { wordsFilter } from './option-filter';
import { renderPickerPill } from './picker-pill';

/** Typing pauses this long before the members are searched again. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 250;

interface PeoplePickerProps {
  label: string;
  description?: ReactNode;
  value: string[];
  onChange: (ids: string[]) => void;
  /** People already chosen, so their names show before anything is searched. */
  known?: readonly Person[];
  /** Someone never offered (a source's owner, who reads it anyway). */
  exclude?: string;
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * A searchable multi-select of the workspace's members: the first 50 matching what is typed
 * come from the server (a workspace can have thousands), by name or email.
 */
export function PeoplePicker({
  label,
  description,
  value,
  onChange,
  known = [],
  exclude,
  error,
  disabled,
}: PeoplePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const query = usePeopleOptionsQuery({ variables: debounced ? { search: debounced } : {} });
  const found = (query.data ?? query.previousData)?.members.nodes;

  const { options, emails } = useMemo(() => {
    const people = new Map<string, Person>();
    for (const person of [...known, ...(found ?? [])])
      if (person.id !== exclude) people.set(person.id, person);
    return {
      options: [...people.values()].map((p) => ({ value: p.id, label: displayName(p) })),
      emails: new Map([...people.values()].map((p) => [p.id, p.email])),
    };
  }, [known, found, exclude]);
  const filter = useMemo(() => wordsFilter(emails), [emails]);

  const loadError = query.error ? `Could not load the members: ${errorMessage(query.error)}` : null;
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? 'Search by name or email' : undefined}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      nothingFoundMessage={query.loading ? 'Searching…' : 'No member matches'}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {option.label}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {emails.get(option.value)}
          </Text>
        </Group>
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
