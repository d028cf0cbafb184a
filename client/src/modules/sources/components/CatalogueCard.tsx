import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { CONNECTORS } from '../../connectors/connector-kinds';
import { NEEDS_SETUP } from '../../connectors/connector-setup';
import type { CatalogueSource, CatalogueState } from '../source-catalogue';
import classes from './CatalogueCard.module.css';

interface CatalogueCardProps {
  source: CatalogueSource;
  /** Where its tool stands in this workspace and on this server. */
  state?: CatalogueState;
  /** Absent for members who may not add sources: the card is then not a button. */
  onPick?: (source: CatalogueSource) => void;
}

const BADGES: Record<CatalogueState, { label: string; color: string; variant: string }> = {
  connected: { label: 'Connected', color: 'teal', variant: 'light' },
  available: { label: 'Available', color: 'lumen', variant: 'light' },
  needs_setup: { label: 'Needs setup', color: 'orange', variant: 'light' },
  coming_soon: { label: 'Coming soon', color: 'gray', variant: 'outline' },
};

/** What clicking the card does, for its accessible name. */
function action(source: CatalogueSource, state: CatalogueState): string {
  if (state === 'needs_setup') return 'needs setup, read the setup guide';
  if (state === 'connected') return 'connected, open its settings';
  if (source.connector) return 'connect';
  return state === 'available' ? 'upload files' : 'coming soon, upload files instead';
}

/** The card's line: what syncs, and through which connector when the card names a part of it. */
function syncsLine(source: CatalogueSource): string {
  if (!source.connector) return 'PDF, Office, OpenDocument, Markdown, CSV, HTML and text files';
  const info = CONNECTORS[source.connector];
  const part = source.name !== info.title && source.name !== info.label;
  return part ? `Through the ${info.label} connector. ${info.syncs}` : info.syncs;
}

/**
 * One catalogue source. Clicking opens its connector's dialog when it has one (its setup guide
 * while the server cannot connect it yet), else the file-upload dialog (SPEC §2).
 */
export function CatalogueCard({ source, state, onPick }: CatalogueCardProps) {
  const Logo = source.icon;
  const interactive = onPick !== undefined;
  const shown = state ?? (source.available ? 'available' : 'coming_soon');
  const badge = BADGES[shown];
  const body = (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={source.color}>
          <Logo size={22} stroke={1.6} />
        </ThemeIcon>
        <Badge variant={badge.variant} color={badge.color} radius="sm">
          {badge.label}
        </Badge>
      </Group>
      <div>
        <Text fw={600}>{source.name}</Text>
        <Text size="sm" c="dimmed">
          {source.category}
        </Text>
      </div>
      {shown === 'needs_setup' ? (
        <Text size="xs" mt="auto" style={{ color: 'var(--mantine-color-orange-text)' }}>
          {NEEDS_SETUP}.{' '}
          {interactive && (
            <Text span inherit td="underline">
              Setup guide
            </Text>
          )}
        </Text>
      ) : (
        interactive &&
        shown !== 'coming_soon' && (
          <Text size="xs" c="dimmed" mt="auto">
            {syncsLine(source)}
          </Text>
        )
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
      aria-label={`${source.name}: ${action(source, shown)}`}
      onClick={() => onPick(source)}
    >
      {body}
    </Card>
  );
}
