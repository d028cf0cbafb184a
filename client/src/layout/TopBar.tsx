import {
  ActionIcon,
  Avatar,
  Button,
  Indicator,
  Kbd,
  Menu,
  Popover,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconKey, IconLogout, IconSearch, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSession } from '../modules/auth/use-session';
import { ColorSchemeToggle } from '../shared/ColorSchemeToggle';
import { searchSpotlight, SEARCH_PLACEHOLDER } from './search-spotlight';
import { SEARCH_SHORTCUT_HINT, searchShortcutLabel } from './shortcut';
import classes from './TopBar.module.css';
import { useLogout } from './use-logout';
import { displayName, initials } from './user-display';

/**
 * SPEC §2 top bar: search box, notification dot, avatar (with the account menu) and Logout. It is
 * sticky, so its menus never need hiding for a trigger that scrolled away (hideDetached off).
 */
export function TopBar() {
  const { user, permissions } = useSession();
  const { logout, loggingOut } = useLogout();
  const name = displayName(user);

  return (
    <header className={classes.bar}>
      <Tooltip label={`Search · ${SEARCH_SHORTCUT_HINT}`} openDelay={400}>
        <UnstyledButton
          className={classes.search}
          onClick={() => searchSpotlight.open()}
          aria-label={`${SEARCH_PLACEHOLDER} (Cmd+K)`}
          aria-keyshortcuts="Meta+K Control+K"
        >
          <IconSearch size={16} stroke={1.8} />
          <span className={classes.searchText}>{SEARCH_PLACEHOLDER}</span>
          <Kbd size="xs" visibleFrom="sm">
            {searchShortcutLabel()}
          </Kbd>
        </UnstyledButton>
      </Tooltip>

      <div className={classes.actions}>
        <NotificationBell />
        <ColorSchemeToggle />
        <Menu
          position="bottom-end"
          width={240}
          shadow="md"
          withArrow
          arrowPosition="center"
          hideDetached={false}
        >
          <Menu.Target>
            <UnstyledButton aria-label={`Account: ${name}`} style={{ borderRadius: '50%' }}>
              <Avatar color="lumen" radius="xl" size={34}>
                {initials(user)}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Stack gap={0} px="sm" py={8}>
              <Text fw={600} size="sm" truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {user?.email}
              </Text>
            </Stack>
            <Menu.Divider />
            {permissions?.includes('user.read') && (
              <Menu.Item
                component={Link}
                to="/app/users"
                leftSection={<IconSettings size={16} stroke={1.6} />}
              >
                Team settings
              </Menu.Item>
            )}
            <Menu.Item
              component={Link}
              to="/app/api-keys"
              leftSection={<IconKey size={16} stroke={1.6} />}
            >
              API keys
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
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
  return (
    <Popover position="bottom-end" width={260} shadow="md" withArrow hideDetached={false}>
      <Indicator color="red" size={8} offset={7} disabled={unread === 0}>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" radius="md" aria-label="Notifications">
            <IconBell size={18} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Stack align="center" gap={6} py="xs">
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
      </Popover.Dropdown>
    </Popover>
  );
}
