/**
 * Where a question was asked: Lumen's own pages, Slack, or the API (an API key). Conversations,
 * the search history and bot logs keep it, so History, Logs and Analytics can mark each one.
 */
export type AnswerOrigin = 'web' | 'slack' | 'api';

export const ANSWER_ORIGINS: readonly AnswerOrigin[] = ['web', 'slack', 'api'];
