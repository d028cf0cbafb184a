import { badInput } from '../../shared/app-error.js';
import type { SourceKind } from '../corpus/index.js';

export const MAX_QUESTION_CHARS = 1000;

/** The integration keys a search can be narrowed to (SPEC §3), plus GitHub and uploaded files. */
export const SEARCHABLE_KINDS: readonly SourceKind[] = [
  'confluence',
  'jira',
  'google_docs',
  'github',
  'file_upload',
];

/** A question trimmed and checked: empty or oversized questions are refused. */
export function checkQuestion(raw: unknown, what = 'question'): string {
  const text = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim() : '';
  if (!text) throw badInput(`Type a ${what} first.`, { field: 'question' });
  if (text.length > MAX_QUESTION_CHARS) {
    throw badInput(
      `A ${what} can be at most ${MAX_QUESTION_CHARS.toLocaleString('en')} characters.`,
      {
        field: 'question',
      },
    );
  }
  return text;
}

/** Integration keys to search; none means every source. Unknown keys are an error, not ignored. */
export function checkIntegrations(raw: unknown): SourceKind[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((k) => typeof k !== 'string')) {
    throw badInput('integrations must be a list of integration keys.', { field: 'integrations' });
  }
  const unknown = raw.filter((k: string) => !SEARCHABLE_KINDS.includes(k as SourceKind));
  if (unknown.length > 0) {
    throw badInput(
      `Unknown integration ${unknown.map((k) => `"${String(k).slice(0, 40)}"`).join(', ')}; use ${SEARCHABLE_KINDS.join(', ')}.`,
      { field: 'integrations' },
    );
  }
  return [...new Set(raw as SourceKind[])];
}

/** How two questions count as the same one: case, spacing and the final '?' aside. */
export function questionKey(question: string): string {
  return question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?.!]+$/, '')
    .trim();
}
