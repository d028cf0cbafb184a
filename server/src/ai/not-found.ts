/** The answer when the sources do not say (AskResult.found: false), the same in every mode. */
export const NOT_FOUND_ANSWER =
  "I couldn't find anything about this in your sources. Try other words, or check that the documents that cover it are connected and indexed.";
