import { describe, expect, it } from 'vitest';
import { formatRate, formatReportDay, reasonLabel, tickInterval } from './feedback-format';

describe('feedback format', () => {
  it('shows the down-vote rate as a whole percentage, or a dash without votes', () => {
    expect(formatRate(0.125)).toBe('13%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
  });

  it('labels every reason', () => {
    expect(reasonLabel('WRONG')).toBe('Wrong');
    expect(reasonLabel('OUTDATED')).toBe('Outdated');
    expect(reasonLabel('MISSING_SOURCE')).toBe('Missing source');
    expect(reasonLabel('OTHER')).toBe('Other');
  });

  it('draws every day of a week but about seven labels for a month or a quarter', () => {
    expect(tickInterval(7)).toBe(0);
    expect(tickInterval(30)).toBe(4);
    expect(tickInterval(90)).toBe(12);
    expect(Math.ceil(90 / (tickInterval(90) + 1))).toBeLessThanOrEqual(7);
  });

  it('reads report days in UTC', () => {
    expect(formatReportDay('2024-03-01')).toMatch(/Mar\s+1|1\s+Mar/);
    expect(formatReportDay('not a day')).toBe('not a day');
  });
});
