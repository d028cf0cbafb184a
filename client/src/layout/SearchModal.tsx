import { Group, Kbd, Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { IconBulb, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { listboxIds, QuickSearchResults } from '../modules/search/components/QuickSearchResults';
import { isQuestion } from '../modules/search/search-filters';
import { useQuickSearch } from '../modules/search/use-quick-search';
import classes from './SearchModal.module.css';
import { searchShortcutLabel } from './shortcut';

import { SEARCH_PLACEHOLDER, searchSpotlight, searchStore } from './search-spotlight';

/** Opens and closes the top bar's search modal (also bound to Cmd+K / Ctrl+K). */
export { SEARCH_PLACEHOLDER, searchSpotlight };
export const SEARCH_HINT = 'add a question mark to your search to generate an answer';

/**
 * SPEC §2 top-bar search modal: recent searches and recently viewed documents, documents as you
 * type, and an answer generated in place for text ending in '?'.
 */
export function SearchModal() {
  const [query, setQuery] = useState('');

  // The store outlives the layout (it is module state): leaving /app must not leave it open.
  useEffect(() => () => searchSpotlight.close(), []);

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      // The layout owns Cmd+K (it works before this modal's code has loaded).
      shortcut={null}
      size={620}
      radius="lg"
      yOffset={96}
    >
      <SearchModalBody query={query} setQuery={setQuery} />
    </Spotlight.Root>
  );
}

/** Mounted only while the modal is open, so its queries run (and refresh) on each opening. */
function SearchModalBody({ query, setQuery }: { query: string; setQuery: (q: string) => void }) {
  const quick = useQuickSearch({ query, setQuery, close: searchSpotlight.close });
  const { activeIndex, text } = quick;
  const enterAction =
    activeIndex >= 0 ? 'to open' : text && isQuestion(text) ? 'to get an answer' : 'to search';

  return (
    <>
      <Spotlight.Search
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search your sources"
        role="combobox"
        aria-expanded
        aria-autocomplete="list"
        aria-controls={listboxIds(quick)}
        aria-activedescendant={activeIndex >= 0 ? quick.optionId(activeIndex) : undefined}
        leftSection={<IconSearch size={20} stroke={1.6} />}
        rightSection={<Kbd size="xs">Esc</Kbd>}
        rightSectionWidth={52}
        onChange={quick.onInputChange}
        onKeyDown={quick.onKeyDown}
      />
      <div className={classes.hint}>
        <IconBulb size={16} stroke={1.6} color="var(--mantine-color-yellow-6)" />
        <Text size="sm" c="dimmed">
          {SEARCH_HINT}
        </Text>
      </div>
      <QuickSearchResults quick={quick} />
      <div className={classes.footer}>
        <Group gap={6}>
          <Kbd size="xs">↑</Kbd>
          <Kbd size="xs">↓</Kbd>
          <Text size="xs" c="dimmed">
            to move
          </Text>
        </Group>
        <Group gap={6}>
          <Kbd size="xs">Enter</Kbd>
          <Text size="xs" c="dimmed">
            {enterAction}
          </Text>
        </Group>
        <Group gap={6}>
          <Kbd size="xs">Esc</Kbd>
          <Text size="xs" c="dimmed">
            to close
          </Text>
        </Group>
        <Group gap={6} visibleFrom="sm">
          <Kbd size="xs">{searchShortcutLabel()}</Kbd>
          <Text size="xs" c="dimmed">
            to open
          </Text>
        </Group>
      </div>
    </>
  );
}
