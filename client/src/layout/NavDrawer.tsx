import { Drawer, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../modules/auth/use-session';
import { LumenMark } from '../shared/LumenLogo';
import { isActive, isNavGroup, SIDEBAR_ITEMS, visibleNavItems } from './nav-items';
import { SidebarGroup } from './SidebarGroup';
import { SidebarLink } from './SidebarLink';
import { APP_VERSION } from './SidebarNav';
import classes from './SidebarNav.module.css';

/**
 * The app's navigation on a phone: every sidebar item with its label, in a drawer from the left.
 * Escape, the close button, the backdrop or a choice close it; focus goes back to the burger.
 */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { permissions } = useSession();
  const { pathname } = useLocation();
  const items = visibleNavItems(SIDEBAR_ITEMS, permissions ?? []);

  return (
    <Drawer
      id="nav-drawer"
      opened={opened}
      onClose={onClose}
      size={280}
      padding="sm"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      title={
        <Link to="/app/dashboard" className={classes.drawerBrand} onClick={onClose}>
          <LumenMark size={28} />
          <Text fw={700} size="lg" c="var(--mantine-color-text)">
            Lumen
          </Text>
        </Link>
      }
    >
      <nav aria-label="Main navigation" className={classes.drawerItems}>
        {items.map((item) =>
          isNavGroup(item) ? (
            <SidebarGroup
              key={item.label}
              item={item}
              pathname={pathname}
              expanded
              onNavigate={onClose}
            />
          ) : (
            <SidebarLink
              key={item.label}
              item={item}
              active={isActive(item, pathname)}
              expanded
              onNavigate={onClose}
            />
          ),
        )}
      </nav>
      <div className={classes.version}>{APP_VERSION}</div>
    </Drawer>
  );
}
