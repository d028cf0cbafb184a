import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './landing.module.css';

/** SPEC §2: 'See Lumen in action' with 'Watch a demo' going to /signup. */
export function DemoBanner() {
  return (
    <Container component="section" size="lg" pb={{ base: 56, md: 88 }} aria-labelledby="demo-title">
      <Paper
        className={classes.banner}
        radius="xl"
        px={{ base: 'lg', sm: 48 }}
        py={{ base: 40, sm: 56 }}
      >
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="xs" maw={560}>
            <Title id="demo-title" order={2} c="white" fz={{ base: 26, sm: 32 }}>
              See Lumen in action
            </Title>
            <Text c="white" opacity={0.9} fz="lg" lh={1.55}>
              Watch how a team goes from scattered docs to cited answers in a few minutes.
            </Text>
          </Stack>
          <Button
            component={Link}
            to="/signup"
            size="lg"
            variant="white"
            color="dark"
            leftSection={<IconPlayerPlay size={18} />}
          >
            Watch a demo
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
