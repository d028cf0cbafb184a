import { describe, expect, it } from 'vitest';
import { wordNet } from './lexicon/wordnet.js';
import { questionWord } from './question-words.js';

describe('questionWord', () => {
  it('tells a thing a page must name from a word naming what is asked', async () => {
    const wn = await wordNet();
    const role = (word: string, previous = '') => questionWord(wn, word, null, previous).role;
    // Things: a page that never says them is about something else.
    for (const w of ['children', 'spectrometer', 'parental', 'cctv'])
      expect(role(w), w).toBe('topic');
    expect(role('vesting', 'the')).toBe('topic');
    // "a taxi" is the thing, "to taxi" the verb.
    expect(role('taxi', 'a')).toBe('topic');
    expect(role('taxi', 'to')).toBe('frame');
    // Measures: pages state the value, not the word.
    expect(questionWord(wn, 'length', null)).toMatchObject({ role: 'measure', kind: 'number' });
    expect(questionWord(wn, 'deadline', null)).toMatchObject({ role: 'measure', kind: 'time' });
    expect(questionWord(wn, 'address', null)).toMatchObject({ role: 'measure', kind: 'place' });
    // A person-word in a "who" question names the answer's kind.
    expect(questionWord(wn, 'rep', 'person')).toMatchObject({ role: 'measure', kind: 'person' });
    expect(role('rep')).toBe('topic');
    // How the asker put it.
    expect(role('allowed', 'i')).toBe('frame');
    expect(role('fly', 'to')).toBe('frame');
  });

  it('lists other wordings from the commonest senses', async () => {
    const wn = await wordNet();
    expect(questionWord(wn, 'approval', null).alternatives).toContain('approve');
    expect(questionWord(wn, 'reply', null).alternatives).toContain('response');
    expect(questionWord(wn, 'flights', null).alternatives).toContain('fly');
  });
});
