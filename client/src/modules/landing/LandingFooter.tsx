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
import { LumenLogo } from '../../shared/LumenLogo';
import classes from './landing.module.css';

/** SPEC §2: link lists for product, teams, resources and company. */
export const FOOTER_LINKS = [
  {
    title: 'Product',
    links: [
      { label: 'Answers with sources', href: '#features' },
      { label: 'Integrations', href: '#connect' },
      { label: 'AI bots', href: '#connect' },
      { label: 'Pricing', href: '#faq' },
    ],
  },
  {
    title: 'Teams',
    links: [
      { label: 'Engineering', href: '/' },
      { label: 'Customer support', href: '/' },
      { label: 'Sales', href: '/' },
      { label: 'People & HR', href: '/' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'FAQ', href: '#faq' },
      { label: 'Security', href: '#faq' },
      { label: 'Help center', href: '/' },
      { label: 'API docs', href: '/' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/' },
      { label: 'Careers', href: '/' },
      { label: 'Contact', href: '/' },
      { label: 'Privacy', href: '/' },
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
                  {group.links.map((link) => (
                    <Anchor
                      key={link.label}
                      href={link.href}
                      className={classes.footerLink}
                      size="md"
                    >
                      {link.label}
                    </Anchor>
                  ))}
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
