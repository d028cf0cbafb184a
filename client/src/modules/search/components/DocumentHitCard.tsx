import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SearchHitFieldsFragment } from '../graphql/search.generated';
import { CONNECTORS, isConnectorKind } from '../../connectors/connector-kinds';
import { formatHitDate, isExternalUrl, viewerPath } from '../format';
import { sourceKindLabel } from '../search-filters';
import classes from './DocumentHitCard.module.css';
import { HighlightedText } from './HighlightedText';

/** A link to a hit: in-app document paths stay in the app, anything else opens a new tab. */
export function HitLink({
  url,
  children,
  ...props
}: {
  url: string;
  children: ReactNode;
  fw?: number;
  size?: string;
  'aria-label'?: string;
}) {
  if (isExternalUrl(url)) {
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={url} {...props}>
      {children}
    </Anchor>
  );
}

/**
 * SPEC §2 related-document card: title, date, author, where it is from, the passage, a link.
 * Every hit opens in the in-app viewer at its passage; a connected item also links to its tool.
 */
export function DocumentHitCard({ hit }: { hit: SearchHitFieldsFragment }) {
  const date = formatHitDate(hit.date);
  const inApp = viewerPath(hit);
  const tool = isConnectorKind(hit.sourceKind) ? CONNECTORS[hit.sourceKind].label : null;
  return (
    <Paper
      component="article"
      aria-label={hit.title}
      withBorder
      radius="md"
      p="md"
      className={classes.card}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <HitLink url={inApp} fw={600} size="md">
            {hit.title}
          </HitLink>
          <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
            {hit.sourceKind === 'file_upload' ? 'Uploaded file' : sourceKindLabel(hit.sourceKind)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" className={classes.meta}>
          {date && <time dateTime={hit.date}>{date}</time>}
          {hit.author && <span>By {hit.author}</span>}
          <span>{hit.sourceName}</span>
          {hit.location && <span>{hit.location}</span>}
        </Text>
        <Text size="sm" className={classes.snippet}>
          <HighlightedText text={hit.snippet} highlights={hit.highlights} />
        </Text>
        <Group gap="md">
          <HitLink url={inApp} size="sm" aria-label={`Open ${hit.title}`}>
            <Group component="span" gap={4} wrap="nowrap">
              Open document
              <IconArrowRight size={14} stroke={1.8} />
            </Group>
          </HitLink>
          {tool && isExternalUrl(hit.url) && (
            <HitLink url={hit.url} size="sm" aria-label={`Open ${hit.title} in ${tool}`}>
              <Group component="span" gap={4} wrap="nowrap">
                Open in {tool}
                <IconExternalLink size={14} stroke={1.8} />
              </Group>
            </HitLink>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
