/**
 * Text as it is indexed: \n line breaks, no control characters, runs of spaces collapsed, at
 * most one blank line between paragraphs. Tabs are kept: they separate spreadsheet cells.
 */
export function normaliseText(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u2028\u2029\f\v]/g, '\n')
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\x00-\x08\x0e-\x1f\x7f\ufffe\uffff]/g, '')
      .replace(/[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
      .split('\n')
      .map((line) => line.replace(/^ +/, '').replace(/[ \t]+$/, ''))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/^\n+|\n+$/g, '')
  );
}

/** A title on one line, or null when nothing is left. */
export function normaliseTitle(title: string | null): string | null {
  const clean = title ? normaliseText(title).replace(/\s+/g, ' ').trim().slice(0, 500) : '';
  return clean || null;
}
