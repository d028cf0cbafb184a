import type { FeedbackReason } from '../../graphql/types';

/** Why an answer was voted down, as people read it (the vote form and every report). */
export const REASON_LABELS: Record<FeedbackReason, string> = {
  WRONG: 'Wrong',
  OUTDATED: 'Outdated',
  MISSING_SOURCE: 'Missing source',
  OTHER: 'Other',
};

export const reasonLabel = (reason: FeedbackReason) => REASON_LABELS[reason] ?? 'Other';
