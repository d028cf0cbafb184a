import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AnswerPreview } from './AnswerPreview';
import classes from './landing.module.css';

/** The pitch (SPEC §1): one source of truth, answers with sources, free with premium plans. */
export function LandingHero() {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" radius="xl" w="fit-content">
              Free to use · Premium plans
            </Badge>
            <Title id="hero-title" order={1} fz={{ base: 34, sm: 44, md: 52 }} lh={1.1}>
              The <span className={classes.highlight}>single source of truth</span> for your
              team&apos;s knowledge
            </Title>
            <Text fz={{ base: 'lg', sm: 18 }} c="dimmed" lh={1.6} maw={520}>
              Lumen connects to the chats, apps and documents your team already uses. Ask a question
              in plain words and get an answer with the sources it came from, so you can trust it
              and check it.
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to="/signup"
                size="lg"
                rightSection={<IconArrowRight size={18} />}
              >
                Get started free
              </Button>
              <Button component="a" href="#features" size="lg" variant="default">
                See how it works
              </Button>
            </Group>
          </Stack>
          <AnswerPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
