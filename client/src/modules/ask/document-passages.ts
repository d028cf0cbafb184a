import type { DocumentContentQuery } from './graphql/ask.generated';

export type Passage = DocumentContentQuery['documentContent']['passages'][number];

export interface PassageGroup {
  /** "Page 3", "Slide 2", "Sheet Budget"; null for a document without pages. */
  label: string | null;
  passages: Passage[];
}

/** Passages in order, each run of the same location under one label. */
export function groupPassages(passages: readonly Passage[]): PassageGroup[] {
  const sorted = [...passages].sort((a, b) => a.ordinal - b.ordinal);
  const groups: PassageGroup[] = [];
  for (const passage of sorted) {
    const label = passage.location ?? null;
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.passages.push(passage);
    else groups.push({ label, passages: [passage] });
  }
  return groups;
}

const LOCATION_KEYS = ['page', 'slide', 'sheet'] as const;

/**
 * The passage a link points at: `?passage=` (a chunk ordinal) when the document has it, else the
 * first passage of `?page=`, `?slide=` or `?sheet=`; null when the link names no place.
 */
export function targetOrdinal(
  passages: readonly Passage[],
  params: URLSearchParams,
): number | null {
  const raw = params.get('passage');
  if (raw !== null && /^\d+$/.test(raw)) {
    const ordinal = Number(raw);
    if (passages.some((p) => p.ordinal === ordinal)) return ordinal;
  }
  for (const kind of LOCATION_KEYS) {
    const value = params.get(kind);
    if (value === null) continue;
    const match = [...passages]
      .sort((a, b) => a.ordinal - b.ordinal)
      .find(
        (p) =>
          p.locationKind === kind &&
          (String(p.locationIndex) === value || p.location === `Sheet ${value}`),
      );
    if (match) return match.ordinal;
  }
  return null;
}
