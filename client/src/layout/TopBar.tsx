import {
  ActionIcon,
  Avatar,
  Button,
  Indicator,
  Kbd,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBell,
  IconKey,
  IconLink,
  IconLogout,
  IconSearch,
  IconSettings,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSession } from '../modules/auth/use-session';
import { ColorSchemeToggle } from '../shared/ColorSchemeToggle';
import { Flyout } from '../shared/flyout/Flyout';
import { FlyoutMenu, MenuDivider, MenuLink } from '../shared/flyout/FlyoutMenu';
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
export function TopBar() {
  const { user, permissions } = useSession();
  const { logout, loggingOut } = useLogout();
  const name = displayName(user);

  return (
    <header className={classes.bar}>
      <UnstyledButton
        className={classes.search}
        onClick={() => searchSpotlight.open()}
        aria-label={`${SEARCH_PLACEHOLDER} (Cmd+K)`}
        aria-keyshortcuts="Meta+K Control+K"
        title={`Search · ${SEARCH_SHORTCUT_HINT}`}
      >
        <IconSearch size={16} stroke={1.8} />
        <span className={classes.searchText}>{SEARCH_PLACEHOLDER}</span>
        <Kbd size="xs" visibleFrom="sm">
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

/**
 * The spec's notification bell. Its red dot means something is unread, so it stays off while
 * there is nothing to notify about; the panel says so.
 */
function NotificationBell({ unread = 0 }: { unread?: number }) {
  const bell = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Indicator color="red" size={8} offset={7} disabled={unread === 0}>
        <ActionIcon
          ref={bell}
          variant="default"
          size="lg"
          radius="md"
          aria-label="Notifications"
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((value) => !value)}
        >
          <IconBell size={18} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <Flyout
        role="dialog"
        aria-label="Notifications"
        opened={opened}
        onClose={() => setOpened(false)}
        anchor={bell}
        placement="bottom-end"
        width={260}
      >
        <Stack align="center" gap={6} py="xs" px="sm">
          <ThemeIcon variant="light" size={36} radius="xl">
            <IconBell size={18} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            No notifications yet
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            Sync results and teammate activity will show up here.
          </Text>
        </Stack>
      </Flyout>
    </>
  );
}
