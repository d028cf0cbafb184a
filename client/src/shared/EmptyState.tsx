import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: Icon;
  title: string;
  description: ReactNode;
  /** Calls to action (buttons or links). */
  actions?: ReactNode;
  /** Marks a feature that arrives in a later release. */
  comingSoon?: boolean;
  /** A heading level for the title, so the page outline stays right. */
  headingOrder?: 1 | 2 | 3 | 4;
}

/** An honest empty state: what will be here, why there is nothing yet, and what to do next. */
export function EmptyState({
  icon: StateIcon,
  title,
  description,
  actions,
  comingSoon,
  headingOrder = 3,
}: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="sm" maw={520} mx="auto" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl">
          <StateIcon size={28} stroke={1.5} />
        </ThemeIcon>
        <Text component={`h${headingOrder}`} fw={700} size="lg" m={0}>
          {title}
        </Text>
        {comingSoon && (
          <Badge variant="outline" color="gray" radius="sm">
            Coming soon
          </Badge>
        )}
        <Text c="dimmed" size="md">
          {description}
        </Text>
        {actions && (
          <Group justify="center" gap="sm" mt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
