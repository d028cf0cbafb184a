import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { SourcesQuery } from '../../sources/graphql/sources.generated';
import { syncStatusOf } from '../../connectors/connector-kinds';
import { NEEDS_SETUP } from '../../connectors/connector-setup';
import type { CatalogueIntegration } from '../integration-catalogue';

type SourceNode = SourcesQuery['sources'][number];

interface IntegrationCardProps {
  integration: CatalogueIntegration;
  /** Whether Lumen has a connector for it yet. */
  available: boolean;
  /** The workspace's sources of this integration. */
  sources: readonly SourceNode[];
  /** Absent for members who may not connect tools. */
  onConnect?: () => void;
  /** The server's operator must set it up before it can be connected. */
  needsSetup?: boolean;
  /** Opens its setup guide (shown to everyone: anyone may pass it on to the operator). */
  onSetup?: () => void;
}

/** A catalogue integration and its real state in this workspace. */
export function IntegrationCard({
  integration,
  available,
  sources,
  onConnect,
  needsSetup = false,
  onSetup,
}: IntegrationCardProps) {
  const Logo = integration.logo;
  const connected = sources.length > 0;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={integration.name}>
      <Group justify="space-between" align="flex-start" mb="md">
        <ThemeIcon size={44} radius="md" variant="light" color={integration.color}>
          <Logo size={24} stroke={1.6} />
        </ThemeIcon>
        {!available ? (
          <Badge variant="outline" color="gray" radius="sm">
            Coming soon
          </Badge>
        ) : connected ? (
          <Badge variant="light" color="teal" radius="sm">
            Connected
          </Badge>
        ) : needsSetup ? (
          <Badge variant="light" color="orange" radius="sm">
            Needs setup
          </Badge>
        ) : (
          <Badge variant="light" radius="sm">
            Available
          </Badge>
        )}
      </Group>
      <Text fw={600} size="lg">
        {integration.name}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {integration.description}
      </Text>
      {connected && (
        <Stack gap={4} mt="sm">
          {sources.map((source) => {
            const status = syncStatusOf(source.connection?.status ?? 'idle');
            return (
              <Text size="sm" key={source.id}>
                {source.connection?.site.replace(/^https?:\/\//, '')} ·{' '}
                <Text span c={status.color} fw={500}>
                  {status.label}
                </Text>{' '}
                · {source.documentCount.toLocaleString()}{' '}
                {source.documentCount === 1 ? 'item' : 'items'}
              </Text>
            );
          })}
        </Stack>
      )}
      {available && needsSetup && !connected ? (
        <>
          <Text size="sm" mt="sm" style={{ color: 'var(--mantine-color-orange-text)' }}>
            {NEEDS_SETUP}.
          </Text>
          {onSetup && (
            <Group mt="md">
              <Button size="sm" variant="light" color="orange" onClick={onSetup}>
                Setup guide
              </Button>
            </Group>
          )}
        </>
      ) : (
        available &&
        onConnect && (
          <Group mt="md">
            <Button size="sm" variant={connected ? 'default' : 'filled'} onClick={onConnect}>
              {connected ? 'Manage' : 'Connect'}
            </Button>
          </Group>
        )
      )}
    </Card>
  );
}
