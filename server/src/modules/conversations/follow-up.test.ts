import { describe, expect, it } from 'vitest';
import { carryOver, fromRewrite, restated, shownSearch, type PriorTurn } from './follow-up.js';

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

describe('a follow-up about a person the previous answer named', () => {
  it('carries the name, not only the question’s words', () => {
    const turn: PriorTurn = {
      ...previous,
      question: "Who's the safety officer for the Boston site?",
      searchQuery: "Who's the safety officer for the Boston site?",
      answer: 'Boston: Denise Alvarez (Safety officer), room B0.02 [1]. Basel: Jonas Weber [2].',
      keyTerms: ['safety', 'officer', 'Boston'],
    };
    expect(carryOver("What's her extension?", turn).context).toBe(
      'Denise Alvarez safety officer Boston',
    );
    expect(carryOver('What floor is it on?', turn).context).toBe('safety officer Boston');
  });
});

describe('an elliptical follow-up restated', () => {
  const asked = (question: string, searchQuery = question): PriorTurn => ({
    ...previous,
    question,
    searchQuery,
  });

  it('puts its name or number in place of the previous question’s', () => {
    expect(restated('And the Stavanger one?', asked('Who manages the Aberdeen office?'))).toBe(
      'Who manages the Stavanger office?',
    );
    // The previous question as it was searched: a chain of follow-ups keeps the last swap.
    expect(
      restated(
        'What about the US team?',
        asked('And in Basel?', 'How many days of holiday do people in Basel get?'),
      ),
    ).toBe('How many days of holiday do people in US get?');
    expect(
      restated('And the 384 one?', asked("What's the price of the 96-reaction LumaSeq kit?")),
    ).toBe("What's the price of the 384-reaction LumaSeq kit?");
  });

  it('leaves a follow-up that asks a question of its own, or has nothing to swap', () => {
    expect(
      restated(
        'And how much can I spend on food there?',
        asked("What's the hotel limit in Boston?"),
      ),
    ).toBeNull();
    expect(restated('And for contractors?', previous)).toBeNull();
    expect(restated('Who approves it?', asked('Who manages the Aberdeen office?'))).toBeNull();
  });
});
