import { Box, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

interface FeatureSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  points: ReactNode[];
  visual: ReactNode;
  /** Put the visual on the left on wide screens, and shade the band. */
  flipped?: boolean;
}

/** One landing band: text with a checked list beside a visual; stacks on narrow screens. */
export function FeatureSection({
  id,
  eyebrow,
  title,
  intro,
  points,
  visual,
  flipped,
}: FeatureSectionProps) {
  const text = (
    <Stack gap="md" justify="center">
      <Text c="lumen" fw={700} tt="uppercase" size="sm" style={{ letterSpacing: '0.06em' }}>
        {eyebrow}
      </Text>
      <Title id={`${id}-title`} order={2} fz={{ base: 28, sm: 32 }}>
        {title}
      </Title>
      <Text c="dimmed" fz="lg" lh={1.6}>
        {intro}
      </Text>
      <List
        spacing="sm"
        mt="xs"
        icon={
          <ThemeIcon size={22} radius="xl" variant="light">
            <IconCheck size={14} stroke={2.5} />
          </ThemeIcon>
        }
      >
        {points.map((point, i) => (
          <List.Item key={i} fz="md" lh={1.55}>
            {point}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      className={flipped ? classes.altSection : undefined}
      style={{ scrollMarginTop: 72 }}
    >
      <Container size="lg" py={{ base: 56, md: 88 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 72 }}>
          {text}
          <Box className={flipped ? `${classes.visual} ${classes.visualFirst}` : classes.visual}>
            {visual}
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
