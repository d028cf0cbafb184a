import { describe, expect, it } from 'vitest';
import { citedSentences, renumber, sentenceKey, withoutRepeats } from './answer-citations.js';

const passages = [1, 2, 3, 4, 5].map((number) => ({ number, title: `doc${number}` }));

describe('withoutRepeats', () => {
  it('drops a sentence said twice, whatever its citation, case or spacing', () => {
    const answer =
      'Capacity reviews happen in the first week [1]. capacity  reviews happen in the first week. [5] Teams bring forecasts [2].';
    expect(withoutRepeats(answer, new Set([1, 2, 5]))).toBe(
      'Capacity reviews happen in the first week [1]. Teams bring forecasts [2].',
    );
  });

  it('drops citations of passages that were not given, and a citation repeated back to back', () => {
    expect(withoutRepeats('Lunch is at noon [1][1] [7].', new Set([1, 2]))).toBe(
      'Lunch is at noon [1].',
    );
  });

  it('keeps line breaks and list items', () => {
    expect(
      withoutRepeats('Steps:\n- Acknowledge [1].\n- Open a channel [2].', new Set([1, 2])),
    ).toBe('Steps:\n- Acknowledge [1].\n- Open a channel [2].');
  });
});

describe('renumber', () => {
  it('numbers the cited passages 1..n in order of first citation, the others after them', () => {
    const { answer, cited, related } = renumber('B [4]. A [2]. B again [4].', passages);
    expect(answer).toBe('B [1]. A [2]. B again [1].');
    expect(cited.map((p) => [p.number, p.title])).toEqual([
      [1, 'doc4'],
      [2, 'doc2'],
    ]);
    expect(related.map((p) => [p.number, p.title])).toEqual([
      [3, 'doc1'],
      [4, 'doc3'],
      [5, 'doc5'],
    ]);
  });

  it('cites nothing when the answer has no marker', () => {
    const { cited, related } = renumber('The sources do not cover this.', passages);
    expect(cited).toEqual([]);
    expect(related.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('citedSentences', () => {
  it('splits after the citations that end a sentence', () => {
    expect(citedSentences('Employees get 27 days [1][2]. Contractors get 9 [3].\nDone.')).toEqual([
      { text: 'Employees get 27 days [1][2].', cites: [1, 2] },
      { text: 'Contractors get 9 [3].', cites: [3] },
      { text: 'Done.', cites: [] },
    ]);
  });
});

it('sentenceKey ignores citations, case and punctuation', () => {
  expect(sentenceKey('Lunch is at noon [1].')).toBe(sentenceKey('lunch is at  NOON'));
});
