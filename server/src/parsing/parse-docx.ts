import { coreTitle, extractText, mainPart, relationships, WORD } from './ooxml.js';
import { type RawDocument } from './types.js';
import { SafeZip } from './zip-guard.js';

/**
 * .docx: the main document part, then footnotes and endnotes. Word keeps no reliable page
 * numbers in the file, so the whole text is one 'document' section. Headers and footers are
 * left out: they repeat on every page and rarely answer anything.
 */
export function parseDocx(bytes: Uint8Array): RawDocument {
  const zip = new SafeZip(bytes, 'docx');
  const main = mainPart(zip, 'word/document.xml');
  const parts = [main];
  for (const { target, type } of relationships(zip, main).values()) {
    if (type.endsWith('/footnotes') || type.endsWith('/endnotes')) parts.push(target);
  }
  const text = parts
    .map((part) => zip.text(part))
    .filter((xml): xml is string => xml !== null)
    .map((xml) => extractText(xml, WORD))
    .join('\n\n');
  return { title: coreTitle(zip), sections: [{ text, location: { kind: 'document', index: 1 } }] };
}
