import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router-dom';
import { Flyout, type FlyoutPlacement } from './Flyout';
import classes from './Flyout.module.css';

/** What a menu's trigger button spreads onto itself (the WAI-ARIA menu button pattern). */
export interface MenuTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
}

interface FlyoutMenuProps {
  /** The menu's accessible name. */
  label: string;
  placement: FlyoutPlacement;
  width: number;
  offset?: number;
  trigger: (props: MenuTriggerProps) => ReactNode;
  children: ReactNode;
  onOpenChange?: (opened: boolean) => void;
}

const ITEMS = '[role="menuitem"]';

/**
 * A menu button: Enter, Space, a click or ArrowDown opens it on its first item; arrows, Home and
 * End move between items; Escape or Tab closes it and gives focus back to the button; choosing
 * an item closes it.
 */
export function FlyoutMenu({
  label,
  placement,
  width,
  offset,
  trigger,
  children,
  onOpenChange,
}: FlyoutMenuProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpenedState] = useState(false);
  const setOpened = useCallback(
    (value: boolean) => {
      setOpenedState(value);
      onOpenChange?.(value);
    },
    [onOpenChange],
  );
  const close = useCallback(() => setOpened(false), [setOpened]);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Tab') {
      close();
      button.current?.focus();
    } else return;
    event.preventDefault();
  };

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest(ITEMS)) close();
  };

  return (
    <>
      {trigger({
        ref: button,
        onClick: () => setOpened(!opened),
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown' || opened) return;
          event.preventDefault();
          setOpened(true);
        },
        'aria-haspopup': 'menu',
        'aria-expanded': opened,
        'aria-controls': opened ? id : undefined,
      })}
      <Flyout
        id={id}
        role="menu"
        aria-label={label}
        opened={opened}
        onClose={close}
        anchor={button}
        placement={placement}
        width={width}
        offset={offset}
        onShown={(panel) => panel.querySelector<HTMLElement>(ITEMS)?.focus()}
        onKeyDown={onPanelKeyDown}
        onClick={onPanelClick}
      >
        {children}
      </Flyout>
    </>
  );
}

interface MenuLinkProps {
  to: string;
  icon?: ReactNode;
  current?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

/** A menu item that navigates. */
export function MenuLink({ to, icon, current, onClick, children }: MenuLinkProps) {
  return (
    <Link
      to={to}
      role="menuitem"
      tabIndex={-1}
      className={classes.item}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {icon}
      {children}
    </Link>
  );
}

/** A heading inside a menu. */
export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div role="presentation" className={classes.label}>
      {children}
    </div>
  );
}

export function MenuDivider() {
  return <div role="separator" className={classes.divider} />;
}
