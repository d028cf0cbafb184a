import { type FocusEvent, type PointerEvent, useState } from 'react';
import classes from './SidebarNav.module.css';

interface Tip {
  label: string;
  top: number;
  left: number;
}

/**
 * The collapsed sidebar's hints: hovering or focusing (by keyboard) an entry that carries
 * `data-tooltip` shows its label beside the rail. One fixed element serves every entry, so the
 * rail needs no floating-position library. It is decoration: each entry's label is in its own
 * text already (hidden by opacity, not removed), which is what assistive technology reads.
 */
export function useRailTooltip(enabled: boolean) {
  const [tip, setTip] = useState<Tip | null>(null);

  const show = (target: EventTarget) => {
    const entry = (target as HTMLElement).closest?.<HTMLElement>('[data-tooltip]');
    if (!enabled || !entry?.dataset.tooltip) return setTip(null);
    const box = entry.getBoundingClientRect();
    setTip({ label: entry.dataset.tooltip, top: box.top + box.height / 2, left: box.right + 10 });
  };
  const hide = () => setTip(null);

  const handlers = {
    onPointerOver: (event: PointerEvent) => show(event.target),
    onPointerLeave: hide,
    onFocus: (event: FocusEvent) => {
      if ((event.target as HTMLElement).matches?.(':focus-visible')) show(event.target);
    },
    onBlur: hide,
    onClick: hide,
  };

  const element =
    enabled && tip ? (
      <div
        key={tip.label}
        className={classes.railTooltip}
        style={{ top: tip.top, left: tip.left }}
        data-rail-tooltip
        aria-hidden
      >
        {tip.label}
      </div>
    ) : null;

  return { handlers, element };
}
