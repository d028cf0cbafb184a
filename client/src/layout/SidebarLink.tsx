import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { type NavLinkItem } from './nav-items';
import classes from './SidebarNav.module.css';

interface SidebarLinkProps {
  item: NavLinkItem;
  active: boolean;
  expanded: boolean;
  /** Nested under a group (indented, smaller). */
  nested?: boolean;
  onNavigate?: () => void;
}

/** One sidebar entry: icon and label; when the sidebar is collapsed the label becomes a hint. */
export function SidebarLink({ item, active, expanded, nested, onNavigate }: SidebarLinkProps) {
  const Icon = item.icon;
  return (
    <UnstyledButton
      component={Link}
      to={item.to}
      className={nested ? classes.sublink : classes.link}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-tooltip={expanded ? undefined : item.label}
    >
      {!nested && <Icon size={20} stroke={1.6} className={classes.icon} />}
      <span className={classes.label}>{item.label}</span>
    </UnstyledButton>
  );
}
