import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ColorSchemeToggle } from '../../shared/ColorSchemeToggle';
import { LumenLogo } from '../../shared/LumenLogo';
import classes from './landing.module.css';

/** Sticky top bar: logo, in-page links (wide screens), colour toggle, log in and sign up. */
export function LandingHeader() {
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h={64} px={{ base: 12, xs: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={40} wrap="nowrap">
            <LumenLogo />
            <Group component="nav" aria-label="On this page" gap="lg" visibleFrom="md">
              <Anchor href="#features" className={classes.navLink} underline="never">
                Features
              </Anchor>
              <Anchor href="#connect" className={classes.navLink} underline="never">
                Integrations
              </Anchor>
              <Anchor href="#faq" className={classes.navLink} underline="never">
                FAQ
              </Anchor>
            </Group>
          </Group>
          <Group gap={6} wrap="nowrap">
            <ColorSchemeToggle />
            {/* Narrower on phones so logo, toggle and both buttons fit on a 360px screen. */}
            <Button
              component={Link}
              to="/signin"
              variant="default"
              px={{ base: 8, xs: 'md' }}
              fz={{ base: 13, xs: 14 }}
            >
              Log in
            </Button>
            <Button
              component={Link}
              to="/signup"
              px={{ base: 8, xs: 'md' }}
              fz={{ base: 13, xs: 14 }}
            >
              Sign up free
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
