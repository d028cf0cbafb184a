import { describe, expect, it } from 'vitest';
import { LANGUAGE_OPTIONS } from './bot-options';
import { extractiveLabel, FALLBACK_LABEL_LANGUAGES } from './fallback-labels';

describe('extractive answer labels', () => {
  it('exist in every bot language, and fall back to English', () => {
    expect([...FALLBACK_LABEL_LANGUAGES].sort()).toEqual(
      LANGUAGE_OPTIONS.map((o) => o.value).sort(),
    );
    expect(extractiveLabel('ja', 'visitor')).toBe('ソースからの引用 — AIモデルは使用していません');
    expect(extractiveLabel('fr', 'member')).toBe('Extracted from your sources — no AI model used');
  });
});
