import { Anchor, Checkbox, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { filtersFor } from '../search-filters';

/**
 * SPEC §2 sidebar 'Filter results by: Sources': one box per kind of source the workspace has
 * (`connected`: its kinds; null when unknown, then every kind). No box ticked means every source.
 */
export function SourceFilter({
  selected,
  onChange,
  connected = null,
  loading = false,
}: {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
  connected?: readonly string[] | null;
  loading?: boolean;
}) {
  // The boxes answer the click at once; the URL (the source of truth) follows in a transition.
  const selectedKey = selected.join(',');
  const [ticked, setTicked] = useState<string[]>(() => [...selected]);
  useEffect(() => setTicked(selectedKey ? selectedKey.split(',') : []), [selectedKey]);
  const filters = filtersFor(connected, selected);
  const noTool = connected !== null && !connected.some((kind) => kind !== 'file_upload');

  return (
    <Paper component="aside" aria-label="Filter results" withBorder radius="md" p="md">
      <Text size="sm" fw={600} mb="xs">
        Filter results by:
      </Text>
      {loading ? (
        <Stack gap="xs" mt={8} aria-hidden>
          <Text size="sm" fw={500}>
            Sources
          </Text>
          <Skeleton height={18} width="70%" />
          <Skeleton height={18} width="55%" />
        </Stack>
      ) : filters.length === 0 ? (
        <>
          <Text size="sm" fw={500}>
            Sources
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            No sources connected yet.{' '}
            <Anchor component={Link} to="/app/connectors" size="sm">
              Connect a tool or upload files
            </Anchor>{' '}
            to search them here.
          </Text>
        </>
      ) : (
        <>
          <Checkbox.Group
            label="Sources"
            value={ticked}
            onChange={(keys) => {
              setTicked(keys);
              onChange(keys);
            }}
          >
            <Stack gap="xs" mt={8}>
              {filters.map((filter) => (
                <Checkbox key={filter.key} value={filter.key} label={filter.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed" mt="sm">
            {ticked.length === 0 ? 'Searching every source.' : 'Only ticked sources are searched.'}
          </Text>
          {noTool && (
            <Text size="xs" c="dimmed" mt={4}>
              <Anchor component={Link} to="/app/connectors" size="xs">
                Connect a tool
              </Anchor>{' '}
              to filter by it.
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
