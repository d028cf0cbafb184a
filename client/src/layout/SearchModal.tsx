import { Group, Kbd, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import {
  IconArrowRight,
  IconBulb,
  IconEye,
  IconHistory,
  IconSearch,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import classes from './SearchModal.module.css';

const [searchStore, searchSpotlight] = createSpotlight();

/** Opens and closes the top bar's search modal (also bound to Cmd+K / Ctrl+K). */
export { searchSpotlight };

export const SEARCH_PLACEHOLDER = 'Search your sources...';
export const SEARCH_HINT = 'add a question mark to your search to generate an answer';

export function searchPath(query: string): string {
  return `/app/search?q=${encodeURIComponent(query)}`;
}

/**
 * SPEC §2 top-bar search modal. Searching itself arrives later, so the recent lists say honestly
 * that they are empty; Enter takes the query to the search page.
 */
export function SearchModal() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const text = query.trim();

  // The store outlives the layout (it is module state): leaving /app must not leave it open.
  useEffect(() => () => searchSpotlight.close(), []);

  const submit = () => {
    if (!text) return;
    searchSpotlight.close();
    void navigate(searchPath(text));
  };

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      size={620}
      radius="lg"
      yOffset={96}
    >
      <Spotlight.Search
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search your sources"
        leftSection={<IconSearch size={20} stroke={1.6} />}
        rightSection={<Kbd size="xs">Esc</Kbd>}
        rightSectionWidth={52}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
        }}
      />
      <div className={classes.hint}>
        <IconBulb size={16} stroke={1.6} color="var(--mantine-color-yellow-6)" />
        <Text size="sm" c="dimmed">
          {SEARCH_HINT}
        </Text>
      </div>
      {text && (
        <div className={classes.section}>
          <UnstyledButton className={classes.submit} onClick={submit}>
            <IconSearch size={16} stroke={1.8} />
            <Text inherit truncate style={{ flex: 1 }}>
              Search for “{text}”
            </Text>
            <IconArrowRight size={16} stroke={1.8} />
          </UnstyledButton>
        </div>
      )}
      <RecentSection icon={IconHistory} title="Recent searches" empty="No recent searches yet" />
      <RecentSection icon={IconEye} title="Recently viewed" empty="Nothing viewed yet" />
      <div className={classes.footer}>
        <Group gap={6}>
          <Kbd size="xs">Enter</Kbd>
          <Text size="xs" c="dimmed">
            to search
          </Text>
        </Group>
        <Group gap={6}>
          <Kbd size="xs">Esc</Kbd>
          <Text size="xs" c="dimmed">
            to close
          </Text>
        </Group>
      </div>
    </Spotlight.Root>
  );
}

function RecentSection({
  icon: SectionIcon,
  title,
  empty,
}: {
  icon: Icon;
  title: string;
  empty: string;
}) {
  return (
    <section className={classes.section} aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
        {title}
      </Text>
      <div className={classes.empty}>
        <ThemeIcon variant="light" color="gray" size={28} radius="md">
          <SectionIcon size={16} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      </div>
    </section>
  );
}
