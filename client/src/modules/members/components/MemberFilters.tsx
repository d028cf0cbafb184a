import { CloseButton, Group, Loader, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { MemberFilter, MemberSort } from '../../../graphql/types';

export const SORT_OPTIONS: { value: MemberSort; label: string }[] = [
  { value: 'FIRST_NAME', label: 'First Name' },
  { value: 'LAST_NAME', label: 'Last Name' },
  { value: 'EMAIL', label: 'Email' },
];

export const FILTER_OPTIONS: { value: MemberFilter; label: string }[] = [
  { value: 'EVERYONE', label: 'Everyone' },
  { value: 'ADMINS', label: 'Admins' },
  { value: 'PRODUCT_EXPERTS', label: 'Product Experts' },
  { value: 'CUSTOMER_FACING', label: 'Customer-facing prod' },
];

interface MemberFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  sort: MemberSort;
  onSortChange: (value: MemberSort) => void;
  filter: MemberFilter;
  onFilterChange: (value: MemberFilter) => void;
  /** A new answer is on its way. */
  busy?: boolean;
}

/** SPEC §2: 'Search All Members', a sort-by select and a role filter. */
export function MemberFilters({
  search,
  onSearchChange,
  sort,
  onSortChange,
  filter,
  onFilterChange,
  busy,
}: MemberFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search All Members"
        placeholder="Name or email"
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} stroke={1.6} />}
        rightSection={
          busy ? (
            <Loader size={14} aria-label="Searching" />
          ) : search ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchChange('')} />
          ) : null
        }
        style={{ flex: '1 1 260px' }}
      />
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={sort}
        onChange={(value) => value && onSortChange(value as MemberSort)}
        allowDeselect={false}
        checkIconPosition="right"
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label="Show"
        data={FILTER_OPTIONS}
        value={filter}
        onChange={(value) => value && onFilterChange(value as MemberFilter)}
        allowDeselect={false}
        checkIconPosition="right"
        w={{ base: '100%', xs: 210 }}
      />
    </Group>
  );
}
