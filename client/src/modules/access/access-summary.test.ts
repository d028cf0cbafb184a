import { describe, expect, it } from 'vitest';
import { accessInput, accessLabel, accessSentence, chosenCount } from './access-summary';

const ada = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const grace = { id: 'u2', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };

const restricted = (memberCount: number, groupCount: number, owner: typeof ada | null = ada) => ({
  owner,
  access: { mode: 'RESTRICTED' as const, memberCount, groupCount, members: [], groups: [] },
});
const everyone = {
  owner: ada,
  access: { mode: 'WORKSPACE' as const, memberCount: 0, groupCount: 0, members: [], groups: [] },
};

describe('access labels', () => {
  it('counts people and groups, in the singular where it is one', () => {
    expect(chosenCount(3, 1)).toBe('3 people, 1 group');
    expect(chosenCount(1, 0)).toBe('1 person');
    expect(chosenCount(0, 2)).toBe('2 groups');
    expect(chosenCount(0, 0)).toBe('');
  });

  it('says Everyone, Only you, Only the owner, or the counts', () => {
    expect(accessLabel(everyone, 'u1')).toBe('Everyone');
    expect(accessLabel(restricted(0, 0), 'u1')).toBe('Only you');
    expect(accessLabel(restricted(0, 0, grace), 'u1')).toBe('Only Grace Hopper');
    expect(accessLabel(restricted(3, 1), 'u1')).toBe('3 people, 1 group');
    expect(accessLabel(restricted(0, 0, null), 'u1')).toBe('No one yet');
  });

  it('spells out who reads it, the owner first', () => {
    expect(accessSentence(everyone, 'u1')).toBe(
      'Everyone in the workspace can read its documents.',
    );
    expect(accessSentence(restricted(0, 0), 'u1')).toBe('Only you can read its documents.');
    expect(accessSentence(restricted(2, 1, grace), 'u1')).toBe(
      'Only Grace Hopper, 2 people and the members of 1 group can read its documents.',
    );
    expect(accessSentence(restricted(1, 0, null), 'u1')).toBe(
      'Only 1 person can read its documents.',
    );
    expect(accessSentence(restricted(0, 0, null), 'u1')).toMatch(/^No one can read/);
  });

  it('sends no lists for Everyone', () => {
    expect(accessInput({ mode: 'WORKSPACE', memberIds: ['u2'], groupIds: ['g1'] })).toEqual({
      mode: 'WORKSPACE',
    });
    expect(accessInput({ mode: 'RESTRICTED', memberIds: ['u2'], groupIds: ['g1'] })).toEqual({
      mode: 'RESTRICTED',
      memberIds: ['u2'],
      groupIds: ['g1'],
    });
  });
});
