import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { CatalogueIntegration } from '../integration-catalogue';

/** A catalogue integration that cannot be connected yet. */
export function IntegrationCard({ integration }: { integration: CatalogueIntegration }) {
  const Logo = integration.logo;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={integration.name}>
      <Group justify="space-between" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color={integration.color}>
          <Logo size={24} stroke={1.6} />
        </ThemeIcon>
        <Badge variant="outline" color="gray" radius="sm">
          Coming soon
        </Badge>
      </Group>
      <Text fw={600} size="lg">
        {integration.name}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {integration.description}
      </Text>
    </Card>
  );
}
