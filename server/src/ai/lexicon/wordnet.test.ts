import { describe, expect, it } from 'vitest';
import { wordNet } from './wordnet.js';

describe('WordNet', () => {
  it('finds a word by its lemma, regular or irregular', async () => {
    const wn = await wordNet();
    expect(wn.lemmas('supplies')).toContain('supply');
    expect(wn.lemmas('flights')).toContain('flight');
    expect(wn.lemmas('children')).toContain('child');
    expect(wn.lemmas('dress code')).toContain('dress_code');
    expect(wn.lemmas('qwzxv')).toEqual([]);
  });

  it("reads a sense's lexicographer file, synonyms and derived forms", async () => {
    const wn = await wordNet();
    const taxi = wn.senses('taxi');
    expect(taxi[0]).toMatchObject({ pos: 'n', lexname: 'noun.artifact' });
    expect(taxi[0].words).toContain('cab');
    const approval = wn.senses('approval').flatMap((s) => s.related);
    expect(approval).toContain('approve');
    const parental = wn.senses('parental').find((s) => s.lexname === 'adj.pert');
    expect(parental?.related).toContain('parent');
    expect(wn.senses('deadline')[0].lexname).toBe('noun.time');
  });
});
