import {
  type CSSProperties,
  type HTMLAttributes,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import classes from './Flyout.module.css';

export type FlyoutPlacement = 'bottom-end' | 'right-start';

export interface FlyoutProps extends Omit<HTMLAttributes<HTMLDivElement>, 'style'> {
  opened: boolean;
  /** Escape (focus goes back to the anchor) or a press outside the panel and its anchor. */
  onClose: () => void;
  /** The element the panel hangs from (its trigger). */
  anchor: RefObject<HTMLElement | null>;
  placement: FlyoutPlacement;
  width: number;
  /** Gap between the anchor and the panel, px. */
  offset?: number;
  /** Called with the panel once it is in the page (to move focus into it). */
  onShown?: (panel: HTMLDivElement) => void;
}

const EDGE = 8;

/**
 * A panel fixed beside its anchor, for the app shell's menus and popovers. The top bar and the
 * sidebar are fixed or sticky and never move under their triggers, so plain arithmetic on the
 * anchor's box places the panel; this keeps the floating-position library (with Mantine's Menu,
 * Popover and Tooltip, ~30 KB gzip) off every page's first load.
 */
export function Flyout({
  opened,
  onClose,
  anchor,
  placement,
  width,
  offset = 8,
  onShown,
  children,
  className,
  ...rest
}: FlyoutProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties | null>(null);

  const place = useCallback(() => {
    const box = anchor.current?.getBoundingClientRect();
    if (!box) return;
    const viewport = document.documentElement.clientWidth;
    const clampX = (x: number) => Math.max(EDGE, Math.min(x, viewport - width - EDGE));
    if (placement === 'bottom-end') {
      const left = clampX(box.right - width);
      setStyle({
        top: box.bottom + offset,
        left,
        width,
        '--flyout-arrow': `${box.left + box.width / 2 - left}px`,
      } as CSSProperties);
    } else {
      const top = Math.max(EDGE, box.top);
      setStyle({
        top,
        left: box.right + offset,
        width,
        '--flyout-arrow': `${box.top + box.height / 2 - top}px`,
      } as CSSProperties);
    }
  }, [anchor, placement, width, offset]);

  useLayoutEffect(() => {
    if (opened) place();
    else setStyle(null);
  }, [opened, place]);

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
      anchor.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor.current?.contains(target)) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [opened, onClose, anchor, place]);

  if (!opened || !style) return null;
  return createPortal(
    <div
      ref={(node) => {
        const first = node !== null && panel.current === null;
        panel.current = node;
        if (first) onShown?.(node);
      }}
      className={className ? `${classes.panel} ${className}` : classes.panel}
      data-placement={placement}
      style={style}
      {...rest}
    >
      <div className={classes.body}>{children}</div>
    </div>,
    document.body,
  );
}
