import { Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowRight,
  IconEye,
  IconFileText,
  IconHistory,
  IconSearch,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { QuickItem, QuickSearch } from '../use-quick-search';
import { HighlightedText } from './HighlightedText';
import classes from './QuickSearch.module.css';
import { QuickSearchAnswer } from './QuickSearchAnswer';
import { QuickSearchOption } from './QuickSearchOption';

/** The ids of the listboxes on screen, for the input's aria-controls. */
export function listboxIds(quick: QuickSearch): string {
  return quick.text ? quick.listboxId : `${quick.listboxId}-recent ${quick.listboxId}-viewed`;
}

/** The modal's body: the recent lists for an empty input, else the answer and the matches. */
export function QuickSearchResults({ quick }: { quick: QuickSearch }) {
  const indexed = quick.items.map((item, index) => ({ item, index }));
  const option = ({ item, index }: { item: QuickItem; index: number }) => (
    <QuickSearchOption
      key={item.key}
      id={quick.optionId(index)}
      active={index === quick.activeIndex}
      onActivate={() => quick.activate(item)}
      onHover={() => quick.setActive(index)}
      icon={ICONS[item.kind]}
      primary={item.kind === 'answer'}
    >
      <OptionContent item={item} />
    </QuickSearchOption>
  );

  if (!quick.text) {
    const section = (kind: 'recent' | 'viewed', title: string, empty: string, Glyph: Icon) => {
      const rows = indexed.filter((row) => row.item.kind === kind);
      return (
        <section className={classes.section} aria-label={title}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.sectionTitle}>
            {title}
          </Text>
          {quick.recents.loading ? (
            <Text size="sm" c="dimmed" className={classes.status}>
              Loading...
            </Text>
          ) : quick.recents.error ? (
            <Text size="sm" c="red" className={classes.status}>
              Error: {quick.recents.error}
            </Text>
          ) : rows.length > 0 ? (
            <div
              role="listbox"
              id={`${quick.listboxId}-${kind}`}
              aria-label={title}
              className={classes.listbox}
            >
              {rows.map(option)}
            </div>
          ) : (
            <div className={classes.empty}>
              <ThemeIcon variant="light" color="gray" size={28} radius="md">
                <Glyph size={16} stroke={1.6} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {empty}
              </Text>
            </div>
          )}
        </section>
      );
    };
    return (
      <div className={classes.body}>
        {section('recent', 'Recent searches', 'No recent searches yet', IconHistory)}
        {section('viewed', 'Recently viewed', 'Nothing viewed yet', IconEye)}
      </div>
    );
  }

  const { search } = quick;
  let status: ReactNode = null;
  if (search.error) status = <Text c="red">Error: {search.error}</Text>;
  else if (search.loading && !search.hits) status = <Text c="dimmed">Searching...</Text>;
  else if (!search.loading && search.hits?.length === 0) {
    status = <Text c="dimmed">No documents match “{quick.text}”</Text>;
  }

  return (
    <>
      {quick.stream.status !== 'idle' && (
        <QuickSearchAnswer stream={quick.stream} onOpenLink={quick.close} />
      )}
      <div className={classes.body}>
        <section className={classes.section} aria-label="Search results">
          {status && (
            <Text component="div" size="sm" className={classes.status} aria-live="polite">
              {status}
            </Text>
          )}
          <div
            role="listbox"
            id={quick.listboxId}
            aria-label="Search results"
            className={classes.listbox}
          >
            {indexed.map(option)}
          </div>
        </section>
      </div>
    </>
  );
}

const ICONS: Record<QuickItem['kind'], Icon> = {
  answer: IconSparkles,
  hit: IconFileText,
  all: IconSearch,
  recent: IconHistory,
  viewed: IconEye,
};

function OptionContent({ item }: { item: QuickItem }) {
  switch (item.kind) {
    case 'answer':
      return (
        <>
          <Text size="sm" fw={600}>
            Press Enter to get an answer
          </Text>
          <Text size="xs" truncate>
            {item.question}
          </Text>
        </>
      );
    case 'hit': {
      const { hit } = item;
      const where = [hit.location, hit.sourceName].filter(Boolean).join(' · ');
      return (
        <>
          <Text size="sm" fw={600} truncate>
            {hit.title}
          </Text>
          {where && (
            <Text size="xs" c="dimmed" truncate>
              {where}
            </Text>
          )}
          <Text size="xs" c="dimmed" className={classes.snippet}>
            <HighlightedText text={hit.snippet} highlights={hit.highlights} />
          </Text>
        </>
      );
    }
    case 'all':
      return (
        <Text size="sm" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            See all results for “{item.query}”
          </span>
          <IconArrowRight size={14} stroke={1.8} aria-hidden style={{ flexShrink: 0 }} />
        </Text>
      );
    case 'recent':
      return (
        <Text size="sm" truncate>
          {item.question}
        </Text>
      );
    case 'viewed':
      return (
        <>
          <Text size="sm" truncate>
            {item.title}
          </Text>
          {item.fileName !== item.title && (
            <Text size="xs" c="dimmed" truncate>
              {item.fileName}
            </Text>
          )}
        </>
      );
  }
}
