/**
 * Different members who must have asked a question (or voted on its answer) before others see it
 * in "most asked" or the feedback report: other people's questions are private until then.
 */
export const MIN_ASKERS = 3;
