import { Box, Overlay, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../modules/auth/use-session';
import { LumenMark } from '../shared/LumenLogo';
import { isActive, isNavGroup, SIDEBAR_ITEMS, visibleNavItems } from './nav-items';
import { useRailTooltip } from './RailTooltip';
import { SidebarGroup } from './SidebarGroup';
import { SidebarLink } from './SidebarLink';
import classes from './SidebarNav.module.css';

/** SPEC §9: collapsed 60px, expanded 250px, 300ms transition. */
export const SIDEBAR_WIDTH = { collapsed: 60, expanded: 250 } as const;
export const APP_VERSION = 'v1.0.0';

/**
 * The app's navigation sidebar, collapsed by default. On small screens the expanded sidebar
 * floats over the page (the page keeps its width) and closes after a choice.
 */
export function SidebarNav() {
  const [expanded, setExpanded] = useState(false);
  const { permissions } = useSession();
  const { pathname } = useLocation();
  const small = useMediaQuery('(max-width: 47.99em)') ?? false;
  const overlay = small && expanded;
  const width = expanded ? SIDEBAR_WIDTH.expanded : SIDEBAR_WIDTH.collapsed;
  const items = visibleNavItems(SIDEBAR_ITEMS, permissions ?? []);
  const afterNavigate = small ? () => setExpanded(false) : undefined;
  const tooltip = useRailTooltip(!expanded);

  return (
    <>
      <div
        className={classes.spacer}
        style={{ width: small ? SIDEBAR_WIDTH.collapsed : width }}
        aria-hidden
      />
      {overlay && (
        <Overlay fixed zIndex={150} backgroundOpacity={0.3} onClick={() => setExpanded(false)} />
      )}
      <Box
        component="nav"
        aria-label="Main navigation"
        className={classes.nav}
        data-expanded={expanded || undefined}
        data-overlay={overlay || undefined}
        style={{ width }}
        {...tooltip.handlers}
      >
        <Link
          to="/app/dashboard"
          className={classes.brand}
          style={{ textDecoration: 'none' }}
          aria-label="Lumen home"
        >
          <span className={classes.icon} style={{ display: 'flex', paddingLeft: 2 }}>
            <LumenMark size={32} />
          </span>
          <Text fw={700} size="lg" c="var(--mantine-color-text)" className={classes.label}>
            Lumen
          </Text>
        </Link>

        <div className={classes.items}>
          {items.map((item) =>
            isNavGroup(item) ? (
              <SidebarGroup
                key={item.label}
                item={item}
                pathname={pathname}
                expanded={expanded}
                onNavigate={afterNavigate}
              />
            ) : (
              <SidebarLink
                key={item.label}
                item={item}
                active={isActive(item, pathname)}
                expanded={expanded}
                onNavigate={afterNavigate}
              />
            ),
          )}
        </div>

        <div className={classes.footer}>
          <UnstyledButton
            className={classes.link}
            aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
            data-tooltip={expanded ? undefined : 'Expand sidebar'}
          >
            {expanded ? (
              <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} className={classes.icon} />
            ) : (
              <IconLayoutSidebarLeftExpand size={20} stroke={1.6} className={classes.icon} />
            )}
            <span className={classes.label}>Collapse</span>
          </UnstyledButton>
          <div className={classes.version}>{APP_VERSION}</div>
        </div>
      </Box>
      {tooltip.element}
    </>
  );
}
