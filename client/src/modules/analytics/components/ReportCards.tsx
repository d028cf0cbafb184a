import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of a report, with an optional line of context under it. */
export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** A titled card that is also a named region, so tests and screen readers can find it. */
export function ReportPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title} h="100%">
      <Title order={4} size="h6" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
