import { Avatar, Button, Kbd, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconKey,
  IconLink,
  IconLogout,
  IconSearch,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useSession } from '../modules/auth/use-session';
import { NotificationBell } from '../modules/notifications/components/NotificationBell';
import { ColorSchemeToggle } from '../shared/ColorSchemeToggle';
import { FlyoutMenu, MenuDivider, MenuLink } from '../shared/flyout/FlyoutMenu';
import { NavBurger } from './NavBurger';
import { searchSpotlight, SEARCH_PLACEHOLDER } from './search-spotlight';
import { SEARCH_SHORTCUT_HINT, searchShortcutLabel } from './shortcut';
import classes from './TopBar.module.css';
import { useLogout } from './use-logout';
import { displayName, initials } from './user-display';

/**
 * SPEC §2 top bar: search box, notification dot, avatar (with the account menu) and Logout. Its
 * menus are the shell's own flyouts (shared/flyout), not Mantine's Menu and Popover: they would
 * bring the floating-position library to the first load of every signed-in page.
 */
export function TopBar({
  navOpened = false,
  onOpenNav,
}: {
  /** Phones: the navigation drawer's state, and how the burger here opens it. */
  navOpened?: boolean;
  onOpenNav?: () => void;
} = {}) {
  const { user, permissions } = useSession();
  const { logout, loggingOut } = useLogout();
  const name = displayName(user);

  return (
    <header className={classes.bar}>
      {onOpenNav && <NavBurger opened={navOpened} onOpen={onOpenNav} />}
      <UnstyledButton
        className={classes.search}
        onClick={() => searchSpotlight.open()}
        aria-label={`${SEARCH_PLACEHOLDER} (Cmd+K)`}
        aria-keyshortcuts="Meta+K Control+K"
        title={`Search · ${SEARCH_SHORTCUT_HINT}`}
      >
        <IconSearch size={16} stroke={1.8} />
        <span className={classes.searchText}>{SEARCH_PLACEHOLDER}</span>
        <Kbd size="xs" className={classes.kbd}>
          {searchShortcutLabel()}
        </Kbd>
      </UnstyledButton>

      <div className={classes.actions}>
        <NotificationBell />
        <ColorSchemeToggle />
        <FlyoutMenu
          label="Account"
          placement="bottom-end"
          width={240}
          trigger={(props) => (
            <UnstyledButton
              {...props}
              aria-label={`Account: ${name}`}
              style={{ borderRadius: '50%' }}
            >
              <Avatar color="lumen" radius="xl" size={34}>
                {initials(user)}
              </Avatar>
            </UnstyledButton>
          )}
        >
          <Stack gap={0} px="sm" py={8}>
            <Text fw={600} size="sm" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.email}
            </Text>
          </Stack>
          <MenuDivider />
          {permissions?.includes('user.read') && (
            <MenuLink to="/app/users" icon={<IconSettings size={16} stroke={1.6} />}>
              Team settings
            </MenuLink>
          )}
          <MenuLink to="/app/account" icon={<IconUserCircle size={16} stroke={1.6} />}>
            Account settings
          </MenuLink>
          <MenuLink to="/app/account/linked" icon={<IconLink size={16} stroke={1.6} />}>
            Linked accounts
          </MenuLink>
          <MenuLink to="/app/api-keys" icon={<IconKey size={16} stroke={1.6} />}>
            API keys
          </MenuLink>
        </FlyoutMenu>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} stroke={1.8} />}
          loading={loggingOut}
          onClick={() => void logout()}
          px="sm"
        >
          Logout
        </Button>
      </div>
    </header>
  );
}
