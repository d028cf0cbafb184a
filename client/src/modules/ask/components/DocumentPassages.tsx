import { Box, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { groupPassages, type Passage } from '../document-passages';
import { sheetTable } from '../sheet-table';
import classes from './DocumentPassages.module.css';
import { SheetTable } from './SheetTable';

interface DocumentPassagesProps {
  passages: readonly Passage[];
  /** The cited passage: highlighted and scrolled into view. */
  highlight: number | null;
}

/**
 * A document's indexed text, passage by passage under its page/slide/sheet, as plain text; a
 * spreadsheet's sheets (rows of tab-separated cells) as tables.
 */
export function DocumentPassages({ passages, highlight }: DocumentPassagesProps) {
  const groups = useMemo(
    () => groupPassages(passages).map((group) => ({ ...group, table: sheetTable(group.passages) })),
    [passages],
  );
  const target = useRef<HTMLElement | null>(null);
  const setTarget = useCallback((element: HTMLElement | null) => {
    target.current = element;
  }, []);

  useEffect(() => {
    if (highlight === null) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.current?.scrollIntoView({
      block: 'center',
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }, [highlight, groups]);

  return (
    <Stack gap="xl">
      {groups.map((group, g) => (
        <Box
          component="section"
          key={`${g}-${group.label ?? ''}`}
          aria-label={group.label ?? undefined}
        >
          {group.label && (
            <Title order={3} size="h5" c="dimmed" mb="xs" className={classes.label}>
              {group.label}
            </Title>
          )}
          {group.table ? (
            <SheetTable
              table={group.table}
              label={group.label}
              highlight={highlight}
              citedRef={setTarget}
            />
          ) : (
            <Stack gap="xs">
              {group.passages.map((passage) => {
                const cited = passage.ordinal === highlight;
                return (
                  <div
                    key={passage.ordinal}
                    id={`passage-${passage.ordinal}`}
                    ref={cited ? setTarget : undefined}
                    className={classes.passage}
                    data-cited={cited || undefined}
                    aria-current={cited ? 'true' : undefined}
                  >
                    {cited && (
                      <Text size="xs" fw={700} c="yellow.8" tt="uppercase" mb={4}>
                        Cited passage
                      </Text>
                    )}
                    <Text className={classes.text}>{passage.text}</Text>
                  </div>
                );
              })}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}
