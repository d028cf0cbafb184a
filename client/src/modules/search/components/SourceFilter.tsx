import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SEARCH_FILTERS } from '../search-filters';

/** SPEC §2 sidebar 'Filter results by: Sources'. No box ticked means every source. */
export function SourceFilter({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  // The boxes answer the click at once; the URL (the source of truth) follows in a transition.
  const selectedKey = selected.join(',');
  const [ticked, setTicked] = useState<string[]>(() => [...selected]);
  useEffect(() => setTicked(selectedKey ? selectedKey.split(',') : []), [selectedKey]);

  return (
    <Paper component="aside" aria-label="Filter results" withBorder radius="md" p="md">
      <Text size="sm" fw={600} mb="xs">
        Filter results by:
      </Text>
      <Checkbox.Group
        label="Sources"
        value={ticked}
        onChange={(keys) => {
          setTicked(keys);
          onChange(keys);
        }}
      >
        <Stack gap="xs" mt={8}>
          {SEARCH_FILTERS.map((filter) => (
            <Checkbox key={filter.key} value={filter.key} label={filter.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" c="dimmed" mt="sm">
        {ticked.length === 0 ? 'Searching every source.' : 'Only ticked sources are searched.'}
      </Text>
    </Paper>
  );
}
