import { Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './TableScroll.module.css';

interface TableScrollProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** What the scrolling region holds, for assistive technology (e.g. "Audit log"). */
  label: string;
  children: ReactNode;
}

interface Overflow {
  /** More content to the left (scrolled away from the start). */
  start: boolean;
  /** More content to the right. */
  end: boolean;
}

/**
 * A wide table in a sideways-scrolling box that shows when there is more: a shadow on each
 * edge with hidden columns beyond it, and a line under the table saying it scrolls. Use it for
 * every table that can be wider than a phone (Table.ScrollContainer gives no hint at all).
 */
export function TableScroll({ minWidth, label, children }: TableScrollProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const scrolls = overflow.start || overflow.end;
  return (
    <div className={classes.root}>
      <div
        className={classes.frame}
        data-more-start={overflow.start || undefined}
        data-more-end={overflow.end || undefined}
      >
        <div
          ref={viewport}
          className={classes.viewport}
          onScroll={measure}
          // Focusable only when it scrolls, so keyboard users can scroll it with the arrows.
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? `${label} (scrolls sideways)` : undefined}
        >
          <div style={{ minWidth }}>{children}</div>
        </div>
      </div>
      {scrolls && (
        <Text size="xs" c="dimmed" className={classes.hint} aria-hidden data-table-scroll-hint>
          {overflow.end
            ? 'Scroll sideways for more columns →'
            : '← Scroll back for the first columns'}
        </Text>
      )}
    </div>
  );
}
