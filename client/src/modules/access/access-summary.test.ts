import { describe, expect, it } from 'vitest';
import { accessInput, accessLabel, accessSentence, chosenCount, modeLabel } from './access-summary';

const ada = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const grace = { id: 'u2', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };

const restricted = (memberCount: number, groupCount: number, owner: typeof ada | null = ada) => ({
  owner,
  access: {
    mode: 'RESTRICTED' as const,
    memberCount,
    groupCount,
    permissionSyncMinutes: null,
    members: [],
    groups: [],
  },
});
const mirror = (kind: string, permissionsState: string | null = 'ok') => ({
  owner: ada,
  kind,
  permissionsState,
  access: {
    mode: 'MIRROR' as const,
    memberCount: 0,
    groupCount: 0,
    permissionSyncMinutes: 15,
    members: [],
    groups: [],
  },
});
const everyone = {
  owner: ada,
  access: {
    mode: 'WORKSPACE' as const,
    memberCount: 0,
    groupCount: 0,
    permissionSyncMinutes: null,
    members: [],
    groups: [],
  },
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

  it('says a mirrored source follows its tool, the owner reading everything', () => {
    expect(accessLabel(mirror('confluence'), 'u1')).toBe('As in Confluence');
    expect(accessLabel(mirror('google_docs'), 'u1')).toBe('As in Google Drive');
    expect(accessSentence(mirror('confluence'), 'u1')).toBe(
      'Each member reads what Confluence lets them read; the owner reads everything.',
    );
    expect(accessSentence(mirror('github', 'degraded'), 'u1')).toBe(
      "GitHub's permissions could not be read: only the owner reads its documents for now.",
    );
    expect(modeLabel('MIRROR', 'Jira')).toBe("Mirror Jira's permissions");
    expect(modeLabel('MIRROR')).toBe('Same as in the tool');
  });

  it('sends MIRROR without lists', () => {
    expect(accessInput({ mode: 'MIRROR', memberIds: ['u2'], groupIds: ['g1'] })).toEqual({
      mode: 'MIRROR',
    });
  });
});
