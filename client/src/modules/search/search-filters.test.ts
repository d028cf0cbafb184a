import { describe, expect, it } from 'vitest';
import {
  filtersFor,
  formatSources,
  isQuestion,
  parseSources,
  sourceKindLabel,
} from './search-filters';

describe('search filters', () => {
  it('reads known keys from ?sources= in a stable order', () => {
    expect(parseSources('jira, confluence,nope,jira')).toEqual(['confluence', 'jira']);
    expect(parseSources(null)).toEqual([]);
    expect(formatSources(['file_upload', 'google_docs'])).toBe('google_docs,file_upload');
  });

  it('names source kinds and tells questions from searches', () => {
    expect(sourceKindLabel('google_docs')).toBe('Google Drive');
    expect(sourceKindLabel('file_upload')).toBe('Uploaded files');
    expect(isQuestion('holiday policy? ')).toBe(true);
    expect(isQuestion('holiday policy')).toBe(false);
  });

  it('offers the kinds the workspace has, any ticked one, and every kind when unknown', () => {
    const keys = (filters: { key: string }[]) => filters.map((f) => f.key);
    expect(keys(filtersFor(['file_upload', 'jira'], []))).toEqual(['jira', 'file_upload']);
    // A shared link ticking a kind the workspace no longer has keeps it, to be unticked.
    expect(keys(filtersFor(['confluence'], ['github']))).toEqual(['confluence', 'github']);
    expect(keys(filtersFor([], []))).toEqual([]);
    expect(keys(filtersFor(null, []))).toEqual([
      'confluence',
      'jira',
      'google_docs',
      'github',
      'file_upload',
    ]);
  });
});
