import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './QuickSearch.module.css';

interface QuickSearchOptionProps {
  id: string;
  active: boolean;
  icon: Icon;
  onActivate: () => void;
  onHover: () => void;
  /** Drawn in the accent colour (the row Enter acts on by default). */
  primary?: boolean;
  children: ReactNode;
}

/**
 * A row of the modal's listbox. Focus stays in the search input (the combobox pattern), so rows
 * are pointed at with aria-activedescendant rather than focused; mouse down keeps that focus.
 */
export function QuickSearchOption({
  id,
  active,
  icon: OptionIcon,
  onActivate,
  onHover,
  primary,
  children,
}: QuickSearchOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={primary ? `${classes.option} ${classes.primary}` : classes.option}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={onActivate}
    >
      <OptionIcon size={18} stroke={1.6} className={classes.optionIcon} aria-hidden />
      <div className={classes.optionBody}>{children}</div>
    </div>
  );
}
