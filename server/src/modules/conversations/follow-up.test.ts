import { describe, expect, it } from 'vitest';
import { carryOver, fromRewrite, shownSearch, type PriorTurn } from './follow-up.js';

const previous: PriorTurn = {
  question: 'How many vacation days do employees get?',
  searchQuery: 'How many vacation days do employees get?',
  answer: 'Employees get 27 vacation days a year [1].',
  keyTerms: ['vacation', 'employees', 'days'],
  citedDocumentIds: [],
};

describe('a follow-up’s search', () => {
  it('keeps the follow-up as the text and carries the previous key words as context only', () => {
    const search = carryOver('And what about contractors?', previous);
    expect(search).toEqual({
      text: 'And what about contractors?',
      context: 'vacation employees days',
    });
    expect(shownSearch(search)).toBe('And what about contractors? (+ vacation employees days)');
  });

  it('carries nothing the follow-up already says', () => {
    expect(carryOver('And vacation days for contractors?', previous).context).toBe('employees');
    expect(carryOver('Vacation days of employees?', previous).context).toBeNull();
  });

  it('takes the words a model’s rewrite adds as the context', () => {
    const search = fromRewrite(
      'And for contractors?',
      'How many vacation days do contractors get?',
      new Set(['contractor']),
      new Set(['mani', 'vacat', 'day', 'contractor', 'get']),
    );
    expect(search).toEqual({
      text: 'And for contractors?',
      context: 'How many vacation days do get',
    });
    // A rewrite that adds nothing leaves the follow-up alone.
    expect(
      fromRewrite('Who is on call?', 'Who is on call', new Set(['call']), new Set(['call'])),
    ).toEqual({ text: 'Who is on call?', context: null });
  });
});
