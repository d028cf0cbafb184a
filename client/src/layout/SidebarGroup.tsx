import { Collapse, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  FlyoutMenu,
  MenuLabel,
  MenuLink,
  type MenuTriggerProps,
} from '../shared/flyout/FlyoutMenu';
import { isActive, type NavGroupItem } from './nav-items';
import { SidebarLink } from './SidebarLink';
import classes from './SidebarNav.module.css';

interface SidebarGroupProps {
  item: NavGroupItem;
  pathname: string;
  expanded: boolean;
  onNavigate?: () => void;
}

/** SPEC §9: the width of the submenu's floating panel beside a collapsed sidebar. */
export const SUBMENU_WIDTH = 200;

/**
 * A sidebar entry with a submenu (SPEC §4: submenus open and close). Expanded, it folds open in
 * place; collapsed, the submenu opens as a floating panel beside the icon.
 */
export function SidebarGroup({ item, pathname, expanded, onNavigate }: SidebarGroupProps) {
  const Icon = item.icon;
  const childActive = item.children.some((child) => isActive(child, pathname));
  const [open, setOpen] = useState(childActive);
  const [menuOpen, setMenuOpen] = useState(false);

  // Arriving on one of its pages (from anywhere) shows where you are.
  useEffect(() => {
    if (childActive) setOpen(true);
  }, [childActive]);

  const content = (
    <>
      <Icon size={20} stroke={1.6} className={classes.icon} />
      <span className={classes.label}>{item.label}</span>
      <IconChevronRight
        size={16}
        stroke={1.6}
        className={classes.chevron}
        data-open={open || undefined}
      />
    </>
  );

  if (!expanded) {
    return (
      <FlyoutMenu
        label={item.label}
        placement="right-start"
        offset={14}
        width={SUBMENU_WIDTH}
        onOpenChange={setMenuOpen}
        trigger={({ ref, ...props }: MenuTriggerProps) => (
          <UnstyledButton
            ref={ref}
            className={classes.link}
            data-active={childActive || undefined}
            // The rail's hint names the entry until its panel (which names it too) is open.
            data-tooltip={menuOpen ? undefined : item.label}
            {...props}
          >
            {content}
          </UnstyledButton>
        )}
      >
        <MenuLabel>{item.label}</MenuLabel>
        {item.children.map((child) => {
          const ChildIcon = child.icon;
          return (
            <MenuLink
              key={child.to}
              to={child.to}
              icon={<ChildIcon size={16} stroke={1.6} />}
              current={isActive(child, pathname)}
              onClick={onNavigate}
            >
              {child.label}
            </MenuLink>
          );
        })}
      </FlyoutMenu>
    );
  }

  return (
    <>
      <UnstyledButton
        className={classes.link}
        data-active={(childActive && !open) || undefined}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {content}
      </UnstyledButton>
      <Collapse expanded={open}>
        <div role="group" aria-label={`${item.label} submenu`}>
          {item.children.map((child) => (
            <SidebarLink
              key={child.to}
              item={child}
              active={isActive(child, pathname)}
              expanded
              nested
              onNavigate={onNavigate}
            />
          ))}
        </div>
      </Collapse>
    </>
  );
}
