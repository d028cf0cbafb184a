import { describe, expect, it } from 'vitest';
import { formatUpdated, questionCount, resumePath } from './history-format';

describe('history format', () => {
  it('resumes a workspace conversation on Home and a bot conversation on its bot page', () => {
    expect(resumePath({ id: 'c1', botId: null })).toBe('/app/dashboard?conversation=c1');
    expect(resumePath({ id: 'c2', botId: 'b7' })).toBe('/app/bots/b7?conversation=c2');
  });

  it('says how long ago this week, and the date before', () => {
    const now = Date.parse('2024-03-10T12:00:00Z');
    expect(formatUpdated('2024-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatUpdated('2024-03-01T09:00:00Z', now)).toMatch(/2024/);
    expect(formatUpdated('nonsense', now)).toBe('');
  });

  it('counts questions', () => {
    expect(questionCount(1)).toBe('1 question');
    expect(questionCount(4)).toBe('4 questions');
  });
});
