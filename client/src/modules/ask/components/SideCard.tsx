import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card in the column beside the answer. */
export function SideCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p="md">
      <Text component="h3" id={id} fw={700} size="md" m={0} mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}
