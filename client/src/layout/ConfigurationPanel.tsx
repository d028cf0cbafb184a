import { Box, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../modules/auth/use-session';
import { CONFIGURATION_LINKS, isActive, visibleLinks } from './nav-items';
import classes from './ConfigurationPanel.module.css';

/** SPEC §9: the side panel is 260px wide. */
export const CONFIGURATION_PANEL_WIDTH = 260;

/** SPEC §2: the 'Configuration' side panel (Users, Groups, Integrations, API keys, Audit log); hidden below md. */
export function ConfigurationPanel() {
  const { permissions } = useSession();
  const { pathname } = useLocation();
  const links = visibleLinks(CONFIGURATION_LINKS, permissions ?? []);

  return (
    <Box
      component="aside"
      aria-label="Configuration"
      visibleFrom="md"
      className={classes.panel}
      style={{ width: CONFIGURATION_PANEL_WIDTH }}
    >
      <Text fw={700} size="lg" px="xs">
        Configuration
      </Text>
      <Text size="xs" c="dimmed" px="xs" mt={2} mb="md">
        Your team and the tools it connects
      </Text>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs">
          Your role has no configuration pages.
        </Text>
      ) : (
        <Stack gap={4}>
          {links.map((item) => {
            const Icon = item.icon;
            const active = isActive(item, pathname);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon size={18} stroke={1.6} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                className={classes.link}
              />
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
