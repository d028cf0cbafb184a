import {
  ActionIcon,
  Button,
  Chip,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { AnswerVote, FeedbackReason } from '../../../graphql/types';
import { REASON_LABELS } from '../feedback-reasons';
import type { AnswerRating } from '../thread';

const COMMENT_LIMIT = 1000;

export interface AnswerFeedbackProps {
  /** The vote already given (a resumed conversation), if any. */
  initial: AnswerRating | null;
  /** Saves a vote; rejects with a message the user can read. */
  onRate: (rating: AnswerRating) => Promise<void>;
  /** Takes the vote back (clicking the chosen thumb again); without it the vote stays. */
  onClear?: () => Promise<void>;
}

/**
 * Thumbs up/down under an answer. Down opens a short form (a reason, an optional comment): what
 * makes the vote useful to whoever keeps the sources. Votes can be changed.
 */
export function AnswerFeedback({ initial, onRate, onClear }: AnswerFeedbackProps) {
  const [rating, setRating] = useState<AnswerRating | null>(initial);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<FeedbackReason | null>(initial?.reason ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  const save = async (next: AnswerRating | null) => {
    setBusy(true);
    setError(null);
    try {
      if (next) await onRate(next);
      else await onClear?.();
      setRating(next);
      setThanked(next !== null);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save your feedback.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const vote = async (v: AnswerVote) => {
    if (rating?.vote === v && onClear) {
      setAsking(false);
      await save(null);
      return;
    }
    if (await save({ vote: v, reason: null, comment: null })) setAsking(v === 'DOWN');
  };

  const sendDetails = async () => {
    const text = comment.trim();
    if (await save({ vote: 'DOWN', reason, comment: text || null })) setAsking(false);
  };

  const up = rating?.vote === 'UP';
  const down = rating?.vote === 'DOWN';
  return (
    <Stack gap="xs">
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" mr={4}>
          {thanked ? 'Thanks for your feedback' : 'Was this helpful?'}
        </Text>
        <Tooltip label="Helpful" withArrow>
          <ActionIcon
            variant={up ? 'light' : 'subtle'}
            color={up ? 'teal' : 'gray'}
            aria-label="Helpful"
            aria-pressed={up}
            disabled={busy}
            onClick={() => void vote('UP')}
          >
            {up ? <IconThumbUpFilled size={16} /> : <IconThumbUp size={16} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Not helpful" withArrow>
          <ActionIcon
            variant={down ? 'light' : 'subtle'}
            color={down ? 'red' : 'gray'}
            aria-label="Not helpful"
            aria-pressed={down}
            disabled={busy}
            onClick={() => void vote('DOWN')}
          >
            {down ? <IconThumbDownFilled size={16} /> : <IconThumbDown size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {asking && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          component="form"
          aria-label="What was wrong with this answer?"
          onSubmit={(event) => {
            event.preventDefault();
            void sendDetails();
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              What was wrong?
            </Text>
            <Chip.Group
              value={reason ?? ''}
              onChange={(value) => setReason((value || null) as FeedbackReason | null)}
            >
              <Group gap="xs">
                {(Object.keys(REASON_LABELS) as FeedbackReason[]).map((key) => (
                  <Chip key={key} value={key} size="xs" variant="outline">
                    {REASON_LABELS[key]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Textarea
              label="Comment (optional)"
              placeholder="What should the answer have said, or where is it written?"
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={COMMENT_LIMIT}
            />
            <Group gap="xs" justify="flex-end">
              <Button variant="subtle" size="xs" onClick={() => setAsking(false)}>
                Skip
              </Button>
              <Button type="submit" size="xs" loading={busy}>
                Send feedback
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
