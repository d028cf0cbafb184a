import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { CONNECTORS } from '../../connectors/connector-kinds';
import type { CatalogueSource } from '../source-catalogue';
import classes from './CatalogueCard.module.css';

interface CatalogueCardProps {
  source: CatalogueSource;
  /** Absent for members who may not add sources: the card is then not a button. */
  onPick?: (source: CatalogueSource) => void;
}

/**
 * One catalogue source. Clicking opens its connector's dialog when it has one, else the
 * file-upload dialog (SPEC §2).
 */
export function CatalogueCard({ source, onPick }: CatalogueCardProps) {
  const Logo = source.icon;
  const interactive = onPick !== undefined;
  const body = (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={source.color}>
          <Logo size={22} stroke={1.6} />
        </ThemeIcon>
        {source.available ? (
          <Badge variant="light" radius="sm">
            Available
          </Badge>
        ) : (
          <Badge variant="outline" color="gray" radius="sm">
            Coming soon
          </Badge>
        )}
      </Group>
      <div>
        <Text fw={600}>{source.name}</Text>
        <Text size="sm" c="dimmed">
          {source.category}
        </Text>
      </div>
      {interactive && source.available && (
        <Text size="xs" c="dimmed" mt="auto">
          {source.connector
            ? CONNECTORS[source.connector].syncs
            : 'PDF, Word, Excel, PowerPoint and text files'}
        </Text>
      )}
    </>
  );

  if (!interactive)
    return (
      <Card
        withBorder
        radius="lg"
        padding="md"
        className={classes.card}
        component="article"
        aria-label={source.name}
      >
        {body}
      </Card>
    );
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      className={classes.card}
      component="button"
      type="button"
      aria-label={`${source.name}: ${source.connector ? 'connect' : source.available ? 'upload files' : 'coming soon, upload files instead'}`}
      onClick={() => onPick(source)}
    >
      {body}
    </Card>
  );
}
