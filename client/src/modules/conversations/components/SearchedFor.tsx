import { Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { searchedFor } from '../thread';

/** "Searched for: …" under a follow-up, when the search was not the question as typed. */
export function SearchedFor({
  question,
  searchQuery,
}: {
  question: string;
  searchQuery: string | null;
}) {
  const shown = searchedFor(question, searchQuery);
  if (!shown) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      <IconSearch size={12} style={{ verticalAlign: -1, marginRight: 4 }} aria-hidden />
      Searched for: {shown}
    </Text>
  );
}
