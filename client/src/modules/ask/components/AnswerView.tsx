import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { ExtractiveBadge } from './ExtractiveBadge';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { viewerPath } from '../../search/format';
import type { AskSource } from '../use-ask-stream';
import { splitCitations } from './answer-citations';
import classes from './AnswerView.module.css';

export interface AnswerViewProps {
  answer: string;
  sources: AskSource[];
  mode?: 'generated' | 'extractive' | null;
  /**
   * False: the sources do not say, and `answer` is the not-found answer. It is shown as a note,
   * without the extractive label (nothing was extracted). Null or absent: not known, shown as is.
   */
  found?: boolean | null;
  notice?: string | null;
  /** The extractive label, when not the English default (a bot's answers: in its language). */
  extractiveLabel?: string;
  /** The answer is still arriving: a caret follows the text. */
  streaming?: boolean;
}

/**
 * An answer as safe text (never HTML: a document's `<script>` shows as written) with each `[n]`
 * linking to the cited passage, line breaks kept.
 */
export function AnswerView({
  answer,
  sources,
  mode,
  found,
  notice,
  extractiveLabel = 'Extracted from your sources — no AI model used',
  streaming,
}: AnswerViewProps) {
  const parts = useMemo(() => splitCitations(answer, sources), [answer, sources]);
  const notFound = found === false && !streaming;

  return (
    <Stack gap="sm">
      {mode === 'extractive' && !notFound && <ExtractiveBadge>{extractiveLabel}</ExtractiveBadge>}
      {notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          {notice}
        </Alert>
      )}
      {notFound ? (
        // Not an error: the question was understood, the sources just do not cover it.
        <Alert
          role="note"
          color="lumen"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          p="sm"
          classNames={{ message: classes.answer }}
        >
          {answer}
        </Alert>
      ) : (
        <Text component="div" className={classes.answer} aria-busy={streaming || undefined}>
          {parts.map((part, i) =>
            part.kind === 'text' ? (
              part.text
            ) : (
              <Link
                key={i}
                to={viewerPath(part.source)}
                title={part.source.title}
                className={classes.citation}
              >
                [{part.source.number}]
              </Link>
            ),
          )}
          {streaming && <span className={classes.caret} aria-hidden />}
        </Text>
      )}
    </Stack>
  );
}
