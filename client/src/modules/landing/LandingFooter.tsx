import {
  Anchor,
  Box,
  Container,
  Divider,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LumenLogo } from '../../shared/LumenLogo';
import classes from './landing.module.css';

/**
 * SPEC §2: link lists for product, teams, resources and company. Each goes somewhere real: a
 * section of this page (`#…`) or a route of the app (signed-out visitors are asked to sign in
 * first and then land there). Only "Home" points at `/`.
 */
export const FOOTER_LINKS = [
  {
    title: 'Product',
    links: [
      { label: 'Answers with sources', href: '#features' },
      { label: 'Integrations', href: '#connect' },
      { label: 'AI bots', href: '/app/bots' },
      { label: 'Pricing', href: '#faq' },
    ],
  },
  {
    title: 'Teams',
    links: [
      { label: 'Create a workspace', href: '/signup' },
      { label: 'Invite teammates', href: '/app/users' },
      { label: 'Groups', href: '/app/groups' },
      { label: 'Connect your tools', href: '/app/connectors' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'FAQ', href: '#faq' },
      { label: 'Security', href: '#faq' },
      { label: 'API docs', href: '/app/api-keys' },
      { label: 'Reset your password', href: '/forgot-password' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Home', href: '/' },
      { label: 'About Lumen', href: '#features' },
      { label: 'Sign in', href: '/signin' },
      { label: 'Start for free', href: '/signup' },
    ],
  },
] as const;

export function LandingFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py={{ base: 40, md: 56 }}>
        <Grid gap={{ base: 32, md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <LumenLogo />
              <Text c="dimmed" size="md" maw={260}>
                One source of truth for your team&apos;s knowledge.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
              {FOOTER_LINKS.map((group) => (
                <Stack key={group.title} component="nav" aria-label={group.title} gap="xs">
                  <Text fw={700} size="md">
                    {group.title}
                  </Text>
                  {group.links.map((link) =>
                    link.href.startsWith('#') ? (
                      <Anchor
                        key={link.label}
                        href={link.href}
                        className={classes.footerLink}
                        size="md"
                      >
                        {link.label}
                      </Anchor>
                    ) : (
                      <Anchor
                        key={link.label}
                        component={Link}
                        to={link.href}
                        className={classes.footerLink}
                        size="md"
                      >
                        {link.label}
                      </Anchor>
                    ),
                  )}
                </Stack>
              ))}
            </SimpleGrid>
          </Grid.Col>
        </Grid>
        <Divider my="xl" />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            © 2024 Lumen. All rights reserved.
          </Text>
          <Group gap={6} c="dimmed">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">Toronto, Ontario</Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
