import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card in the column beside the answer. */
export function SideCard({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  /** A short dimmed line under the title (e.g. the period a list covers). */
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p="md">
      <Text component="h3" id={id} fw={700} size="md" m={0} mb={hint ? 0 : 'sm'}>
        {title}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}
