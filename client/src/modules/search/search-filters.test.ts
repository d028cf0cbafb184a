import { describe, expect, it } from 'vitest';
import { formatSources, isQuestion, parseSources, sourceKindLabel } from './search-filters';

describe('search filters', () => {
  it('reads known keys from ?sources= in a stable order', () => {
    expect(parseSources('jira, confluence,nope,jira')).toEqual(['confluence', 'jira']);
    expect(parseSources(null)).toEqual([]);
    expect(formatSources(['file_upload', 'google_docs'])).toBe('google_docs,file_upload');
  });

  it('names source kinds and tells questions from searches', () => {
    expect(sourceKindLabel('google_docs')).toBe('Google Docs');
    expect(sourceKindLabel('file_upload')).toBe('Uploaded files');
    expect(isQuestion('holiday policy? ')).toBe(true);
    expect(isQuestion('holiday policy')).toBe(false);
  });
});
