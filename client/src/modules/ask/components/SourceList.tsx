import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { viewerPath } from '../../search/format';
import type { AskSource } from '../use-ask-stream';
import classes from './SourceList.module.css';

export interface SourceListProps {
  sources: AskSource[];
  /** `links`: a numbered list of titles with where they come from; `chips`: compact badges. */
  variant?: 'links' | 'chips';
}

/** The sources of an answer, each opening the cited passage. */
export function SourceList({ sources, variant = 'links' }: SourceListProps) {
  if (sources.length === 0) return null;

  if (variant === 'chips') {
    return (
      <Group gap="xs" component="ul" className={classes.plain}>
        {sources.map((source) => (
          <li key={source.number}>
            <Badge
              component={Link}
              to={viewerPath(source)}
              title={detail(source) || source.title}
              variant="light"
              radius="sm"
              size="lg"
              className={classes.chip}
              leftSection={<span className={classes.chipNumber}>{source.number}</span>}
            >
              {source.title}
            </Badge>
          </li>
        ))}
      </Group>
    );
  }

  return (
    <ol className={classes.list}>
      {sources.map((source) => (
        <li key={source.number} className={classes.item}>
          <span className={classes.number} aria-hidden>
            {source.number}
          </span>
          <div className={classes.body}>
            <Anchor component={Link} to={viewerPath(source)} fw={500} className={classes.title}>
              {source.title}
            </Anchor>
            {detail(source) && (
              <Text size="xs" c="dimmed">
                {detail(source)}
              </Text>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** "Page 3 · Handbook". */
function detail(source: AskSource): string {
  return [source.location, source.sourceName].filter(Boolean).join(' · ');
}
