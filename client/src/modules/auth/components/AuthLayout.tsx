import { Box, Container, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../../../shared/ColorSchemeToggle';
import { LumenLogo } from '../../../shared/LumenLogo';
import classes from './AuthLayout.module.css';

interface AuthLayoutProps {
  title: string;
  /** A status icon above the title (e.g. a lock on 'Access Denied'). */
  icon?: ReactNode;
  description?: ReactNode;
  /** Shown under the card, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
  children: ReactNode;
}

/** The public pages' frame: logo home, colour toggle, and one centred card. */
export function AuthLayout({ title, icon, description, footer, children }: AuthLayoutProps) {
  return (
    <Box className={classes.root}>
      <Container size="lg" w="100%" py="md">
        <Group justify="space-between">
          <LumenLogo />
          <ColorSchemeToggle />
        </Group>
      </Container>
      <Container component="main" size={460} w="100%" py={{ base: 'lg', sm: 48 }} px="md">
        <Paper
          className={classes.card}
          withBorder
          shadow="md"
          radius="lg"
          p={{ base: 'lg', sm: 32 }}
        >
          {icon && <Box mb="md">{icon}</Box>}
          <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="md" mt={6}>
              {description}
            </Text>
          )}
          <Box mt="lg">{children}</Box>
        </Paper>
        {footer && (
          <Text ta="center" size="md" mt="lg" c="dimmed">
            {footer}
          </Text>
        )}
      </Container>
    </Box>
  );
}
