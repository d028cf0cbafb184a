import { Button, Group, Table, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  rowsThrough,
  SHEET_ROW_LIMIT,
  visibleBlocks,
  type SheetTable as Sheet,
} from '../sheet-table';
import classes from './DocumentPassages.module.css';

interface SheetTableProps {
  table: Sheet;
  /** "Sheet Budget": names the scrolling region. */
  label: string | null;
  /** The cited passage's ordinal, when it is one of this sheet's. */
  highlight: number | null;
  /** Given the cited passage's rows, to scroll them into view. */
  citedRef: (element: HTMLElement | null) => void;
}

/**
 * A sheet as a table: its header row once, then each passage's rows as a block (a tbody, the
 * unit a citation points at). The first SHEET_ROW_LIMIT rows are shown (more when the cited
 * passage lies further down), with a note and a button for the rest; a wide sheet scrolls
 * sideways inside its box, and says so.
 */
export function SheetTable({ table, label, highlight, citedRef }: SheetTableProps) {
  const [extra, setExtra] = useState(0);
  const limit = Math.max(SHEET_ROW_LIMIT, rowsThrough(table, highlight)) + extra;
  const { blocks, hidden } = visibleBlocks(table, limit);
  const scroller = useRef<HTMLDivElement | null>(null);
  const overflowing = useOverflow(scroller, table);
  const pad = (cells: string[]) =>
    cells.length < table.columns
      ? [...cells, ...Array<string>(table.columns - cells.length).fill('')]
      : cells;

  return (
    <div>
      {overflowing && (
        <Group gap={6} mb={6} c="dimmed" wrap="nowrap">
          <IconArrowsHorizontal size={16} stroke={1.6} aria-hidden />
          <Text size="xs">Wide table: scroll sideways to see all {table.columns} columns.</Text>
        </Group>
      )}
      <div
        ref={scroller}
        className={classes.sheetScroll}
        // Focusable, so the keyboard can scroll it too.
        tabIndex={0}
        role="region"
        aria-label={`${label ?? 'Sheet'} table`}
      >
        <Table className={classes.sheet} withColumnBorders withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {pad(table.header).map((cell, c) => (
                <Table.Th key={c} scope="col">
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {blocks.map((block) => {
            const cited = block.ordinal === highlight;
            return (
              <Table.Tbody
                key={block.ordinal}
                id={`passage-${block.ordinal}`}
                ref={cited ? citedRef : undefined}
                className={classes.sheetBlock}
                data-cited={cited || undefined}
                aria-current={cited ? 'true' : undefined}
              >
                {cited && (
                  <Table.Tr>
                    <Table.Td colSpan={table.columns} className={classes.sheetCitedLabel}>
                      <Text size="xs" fw={700} c="yellow.8" tt="uppercase" span>
                        Cited passage
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {block.rows.map((row, r) => (
                  <Table.Tr key={r}>
                    {pad(row).map((cell, c) => (
                      <Table.Td key={c}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            );
          })}
        </Table>
      </div>
      {hidden > 0 && (
        <Group gap="sm" mt="xs">
          <Text size="sm" c="dimmed">
            {hidden.toLocaleString('en')} more {hidden === 1 ? 'row' : 'rows'} not shown.
          </Text>
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => setExtra((more) => more + SHEET_ROW_LIMIT)}
          >
            Show {Math.min(hidden, SHEET_ROW_LIMIT).toLocaleString('en')} more
          </Button>
        </Group>
      )}
    </div>
  );
}

/** Whether the box is narrower than its content, kept current as either changes size. */
function useOverflow(ref: RefObject<HTMLDivElement | null>, content: unknown): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box) setOverflowing(box.scrollWidth > box.clientWidth + 1);
  }, [ref, content]);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setOverflowing(box.scrollWidth > box.clientWidth + 1),
    );
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
