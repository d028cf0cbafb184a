import { describe, expect, it } from 'vitest';
import { sentencesOf } from './extractive-answer.js';

describe('sentencesOf', () => {
  it('reads a Markdown table row with its column names, never as a fragment', () => {
    const text = [
      'Offices',
      '| Office | Manager | Floor |',
      '|---|---|---|',
      '| Ottawa | Rafael Ortiz | 3 |',
      '| Montreal | Chloé Martin | 5 |',
      'Visitors sign in at reception.',
    ].join('\n');
    expect(sentencesOf({ text, isSheet: false })).toEqual([
      'Office: Ottawa; Manager: Rafael Ortiz; Floor: 3',
      'Office: Montreal; Manager: Chloé Martin; Floor: 5',
      'Visitors sign in at reception.',
    ]);
  });

  it('leaves headings out and keeps slide bullets that carry a figure', () => {
    const text = '## Leave policy\nVacation\nEmployees get 27 days.\nAurora goes live March 3';
    expect(sentencesOf({ text, isSheet: false })).toEqual([
      'Employees get 27 days.',
      'Aurora goes live March 3',
    ]);
  });

  it('cuts a very long sentence at a clause boundary, marked', () => {
    const long = `${'word '.repeat(60)}then, ${'more '.repeat(30)}end.`;
    const [s] = sentencesOf({ text: long, isSheet: false });
    expect(s.length).toBeLessThanOrEqual(400);
    expect(s.endsWith('…')).toBe(true);
  });
});
