import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PageHeader.module.css';

interface PageHeaderProps {
  title: ReactNode;
  /** The smaller line under the title, in the accent colour (SPEC §2). */
  subtitle?: ReactNode;
  /** A paragraph of plain explanation under the subtitle. */
  description?: ReactNode;
  /** Buttons on the right (they wrap underneath on narrow screens). */
  actions?: ReactNode;
  /** Anything above the title, such as a back link. */
  above?: ReactNode;
}

/**
 * A page's large title with a smaller accent-coloured subtitle. The title is the page's one h1
 * (at the h2 size the design uses); the page's sections are h3 and below.
 */
export function PageHeader({ title, subtitle, description, actions, above }: PageHeaderProps) {
  return (
    <Stack gap="xs" mb="xl">
      {above}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text size="lg" fw={500} className={classes.subtitle}>
              {subtitle}
            </Text>
          )}
          {description && (
            <Text c="dimmed" maw={720} mt={4}>
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
