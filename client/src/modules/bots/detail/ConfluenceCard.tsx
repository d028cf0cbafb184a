import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import classes from './SourceCards.module.css';

/** SPEC §2 the Confluence source card: clicking it opens the integration dialog. */
export function ConfluenceCard({ onOpen }: { onOpen: () => void }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="button"
      type="button"
      className={classes.card}
      aria-label="Confluence Pages: connect with your Confluence settings"
      onClick={onOpen}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="indigo">
          <IconBook2 size={22} stroke={1.6} />
        </ThemeIcon>
        <Badge variant="outline" color="gray" radius="sm">
          Connector coming
        </Badge>
      </Group>
      <div>
        <Text fw={600}>Confluence Pages</Text>
        <Text size="sm" c="dimmed">
          Wiki/KB · domain, username, API token and space key
        </Text>
      </div>
      <Text size="xs" c="dimmed" mt="auto">
        Save your settings now; syncing arrives with the connector.
      </Text>
    </Card>
  );
}
