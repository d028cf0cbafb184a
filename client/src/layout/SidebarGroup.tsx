import { Collapse, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
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

  const trigger = (props: { onClick?: () => void } = {}) => (
    <UnstyledButton
      className={classes.link}
      data-active={(childActive && !(expanded && open)) || undefined}
      aria-expanded={expanded ? open : menuOpen}
      {...props}
    >
      <Icon size={20} stroke={1.6} className={classes.icon} />
      <span className={classes.label}>{item.label}</span>
      <IconChevronRight
        size={16}
        stroke={1.6}
        className={classes.chevron}
        data-open={open || undefined}
      />
    </UnstyledButton>
  );

  if (!expanded) {
    return (
      <Menu
        opened={menuOpen}
        onChange={setMenuOpen}
        position="right-start"
        offset={14}
        width={SUBMENU_WIDTH}
        withArrow
        arrowPosition="center"
        shadow="md"
        // Its trigger lives in the fixed sidebar; keep the panel even if the item list scrolls.
        hideDetached={false}
      >
        <Tooltip label={item.label} position="right" withArrow disabled={menuOpen} openDelay={150}>
          <Menu.Target>{trigger()}</Menu.Target>
        </Tooltip>
        <Menu.Dropdown>
          <Menu.Label>{item.label}</Menu.Label>
          {item.children.map((child) => {
            const ChildIcon = child.icon;
            const active = isActive(child, pathname);
            return (
              <Menu.Item
                key={child.to}
                component={Link}
                to={child.to}
                leftSection={<ChildIcon size={16} stroke={1.6} />}
                color={active ? 'lumen' : undefined}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              >
                {child.label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <>
      {trigger({ onClick: () => setOpen((value) => !value) })}
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
