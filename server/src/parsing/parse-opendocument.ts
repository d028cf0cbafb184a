import { MAX_TEXT_CHARS } from './limits.js';
import { decodeEntities, XML_TOKEN } from './ooxml.js';
import { corrupt, encrypted, textTooLarge } from './parse-errors.js';
import { type ParsedSection, type RawDocument } from './types.js';
import { SafeZip } from './zip-guard.js';

/**
 * OpenDocument (.odt, .ods, .odp, as LibreOffice writes them): a zip, read through our zip
 * guard like OOXML, whose content.xml holds the body and meta.xml the title.
 * - odt: one `document` section; paragraphs and headings as lines, table cells tab-separated,
 *   footnotes and endnotes after the body.
 * - ods: one `sheet` section per table:table, named; each row a line of tab-separated cells
 *   (their displayed text), like the Excel formats. Repeated rows and cells are expanded within
 *   bounds: LibreOffice writes a sheet's trailing emptiness as one cell repeated 16,000 times
 *   and one row repeated a million times, which are dropped as empty.
 * - odp: one `slide` section per draw:page, in order, with its speaker notes after its text.
 * Comments and tracked deletions are left out.
 */
export function parseOpenDocument(bytes: Uint8Array, format: 'odt' | 'ods' | 'odp'): RawDocument {
  const zip = new SafeZip(bytes, format);
  const manifest = zip.text('META-INF/manifest.xml') ?? '';
  if (/<manifest:encryption-data\b/.test(manifest)) throw encrypted(format);
  const content = zip.text('content.xml');
  if (content === null) throw corrupt(format);

  let sections: ParsedSection[];
  if (format === 'ods') sections = sheetSections(content);
  else if (format === 'odp') {
    sections = pageTexts(content).map((text, i) => ({
      text,
      location: { kind: 'slide', index: i + 1 },
    }));
  } else {
    sections = [
      { text: pageTexts(content, false)[0] ?? '', location: { kind: 'document', index: 1 } },
    ];
  }
  return { title: metaTitle(zip), sections };
}

/** dc:title from meta.xml, or null when absent or blank. */
function metaTitle(zip: SafeZip): string | null {
  const xml = zip.text('meta.xml');
  const match = xml && /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xml);
  const title = match ? decodeEntities(match[1]).trim() : '';
  return title || null;
}

/** Elements whose content is never text we want (comments hold text:p of their own). */
const SKIPPED = new Set([
  'office:annotation',
  'text:tracked-changes',
  'text:note-citation',
  'office:automatic-styles',
  'office:font-face-decls',
  'office:scripts',
  'office:forms',
  'svg:title',
  'svg:desc',
]);

/** Spaces from one <text:s text:c="N"/>: enough for any real layout. */
const MAX_SPACES = 100;
/** Columns of a sheet row (LibreOffice's own maximum is 16,384). */
export const MAX_COLUMNS = 16_384;

/** Characters written so far, stopped at the text limit before memory grows further. */
class Budget {
  private used = 0;

  spend(chars: number): void {
    this.used += chars;
    if (this.used > MAX_TEXT_CHARS) throw textTooLarge();
  }
}

const attributePatterns = new Map<string, RegExp>();
/** An attribute of a tag (as matched by XML_TOKEN), entities decoded. */
function attribute(tag: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(tag);
  return match ? decodeEntities(match[1] ?? match[2]) : undefined;
}

/** A repeat count attribute: at least 1, at most `max`. */
function repeat(tag: string, name: string, max: number): number {
  const n = Number.parseInt(attribute(tag, name) ?? '1', 10);
  return Number.isFinite(n) && n > 1 ? Math.min(n, max) : 1;
}

/** ODF collapses runs of white space in text to one space (spaces that count are <text:s/>). */
const collapse = (text: string) => text.replace(/[ \t\r\n]+/g, ' ');

/**
 * Text of content.xml: one entry per draw:page when `byPage` (a presentation), else one for the
 * whole body. Paragraphs and headings end lines (a space inside a table cell); cells end with a
 * tab and rows with a line break. Notes (text:note-body, presentation:notes) are gathered apart
 * and follow their page's (or the document's) text.
 */
function pageTexts(xml: string, byPage = true): string[] {
  const budget = new Budget();
  const pages: string[] = [];
  let body: string[] = [];
  let notes: string[] = [];
  let paragraphDepth = 0;
  let skipDepth = 0;
  let noteDepth = 0;
  let cellDepth = 0;
  let inPage = !byPage;

  const write = (text: string) => {
    if (!inPage || !text) return;
    budget.spend(text.length);
    (noteDepth > 0 ? notes : body).push(text);
  };
  const endPage = () => {
    // A cell's last paragraph left a space before the cell's tab.
    const text = body.join('').replace(/ +(?=[\t\n])/g, '');
    const noteText = notes.join('');
    pages.push(noteText.trim() ? `${text}\n\n${noteText}` : text);
    body = [];
    notes = [];
  };

  for (const match of xml.matchAll(XML_TOKEN)) {
    const [tag, cdata, closing, name, selfClosing, chars] = match;
    if (chars !== undefined || cdata !== undefined) {
      if (paragraphDepth > 0 && skipDepth === 0) write(collapse(cdata ?? decodeEntities(chars)));
      continue;
    }
    if (name === undefined) continue;
    const opening = !closing && !selfClosing;
    if (SKIPPED.has(name)) {
      if (!selfClosing) skipDepth += closing ? -1 : 1;
      continue;
    }
    if (skipDepth > 0) continue;
    switch (name) {
      case 'draw:page':
        if (!byPage) break;
        // A self-closing page is an empty slide: it still takes its number.
        inPage = opening;
        if (!opening) endPage();
        break;
      case 'text:p':
      case 'text:h':
        if (opening) paragraphDepth++;
        else {
          if (closing) paragraphDepth = Math.max(0, paragraphDepth - 1);
          write(cellDepth > 0 && noteDepth === 0 ? ' ' : '\n');
        }
        break;
      case 'text:s':
        if (paragraphDepth > 0) write(' '.repeat(repeat(tag, 'text:c', MAX_SPACES)));
        break;
      case 'text:tab':
        if (paragraphDepth > 0) write('\t');
        break;
      case 'text:line-break':
        if (paragraphDepth > 0) write('\n');
        break;
      case 'text:note-body':
      case 'presentation:notes':
        if (!selfClosing) noteDepth += closing ? -1 : 1;
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell':
        if (opening) cellDepth++;
        else {
          if (closing) cellDepth = Math.max(0, cellDepth - 1);
          write('\t');
        }
        break;
      case 'table:table-row':
        if (!opening) write('\n');
        break;
    }
  }
  if (!byPage) endPage();
  return pages;
}

interface Row {
  cells: string[];
  /** Empty cells not yet written: only written when a filled cell follows. */
  emptyRun: number;
  repeat: number;
}

interface Cell {
  paragraphs: string[];
  repeat: number;
  /** The typed value, for a cell written without a text:p of its displayed text. */
  value: string;
}

/**
 * One section per table:table of a spreadsheet. Tables nested in a cell (rare) are read as part
 * of that cell's text.
 */
function sheetSections(xml: string): ParsedSection[] {
  const budget = new Budget();
  const sections: ParsedSection[] = [];
  let lines: string[] = [];
  let sheetName = '';
  let tableDepth = 0;
  let skipDepth = 0;
  let row: Row | null = null;
  let cell: Cell | null = null;
  let paragraphDepth = 0;

  const endCell = () => {
    if (!row || !cell) return;
    const shown = cell.paragraphs.join(' ').replace(/\s+/g, ' ').trim() || cell.value;
    if (!shown) row.emptyRun = Math.min(row.emptyRun + cell.repeat, MAX_COLUMNS);
    else {
      const empties = Math.min(row.emptyRun, MAX_COLUMNS - row.cells.length);
      const copies = Math.max(0, Math.min(cell.repeat, MAX_COLUMNS - row.cells.length - empties));
      budget.spend(empties + copies * (shown.length + 1));
      for (let i = 0; i < empties; i++) row.cells.push('');
      for (let i = 0; i < copies; i++) row.cells.push(shown);
      row.emptyRun = 0;
    }
    cell = null;
  };
  const endRow = () => {
    if (!row) return;
    if (row.cells.length > 0) {
      const line = row.cells.join('\t');
      for (let i = 0; i < row.repeat; i++) {
        budget.spend(line.length + 1);
        lines.push(line);
      }
    }
    row = null;
  };

  for (const match of xml.matchAll(XML_TOKEN)) {
    const [tag, cdata, closing, name, selfClosing, chars] = match;
    if (chars !== undefined || cdata !== undefined) {
      if (cell && paragraphDepth > 0 && skipDepth === 0) {
        const text = collapse(cdata ?? decodeEntities(chars));
        cell.paragraphs[cell.paragraphs.length - 1] += text;
      }
      continue;
    }
    if (name === undefined) continue;
    const opening = !closing && !selfClosing;
    if (SKIPPED.has(name)) {
      if (!selfClosing) skipDepth += closing ? -1 : 1;
      continue;
    }
    if (skipDepth > 0) continue;

    if (name === 'table:table') {
      if (opening && ++tableDepth === 1) {
        sheetName = attribute(tag, 'table:name') ?? '';
        lines = [];
      } else if (closing && --tableDepth === 0) {
        const index = sections.length + 1;
        sections.push({
          text: lines.join('\n'),
          location: { kind: 'sheet', index, name: sheetName.trim() || `Sheet${index}` },
        });
      }
      continue;
    }
    if (tableDepth === 1 && name === 'table:table-row') {
      if (!closing) {
        // Rows repeated past the text limit stop at it (the budget throws).
        row = {
          cells: [],
          emptyRun: 0,
          repeat: repeat(tag, 'table:number-rows-repeated', 1 << 20),
        };
      }
      if (!opening) endRow();
      continue;
    }
    if (
      tableDepth === 1 &&
      (name === 'table:table-cell' || name === 'table:covered-table-cell') &&
      row
    ) {
      if (!closing) {
        cell = {
          paragraphs: [],
          repeat: repeat(tag, 'table:number-columns-repeated', MAX_COLUMNS),
          value: cellValue(tag),
        };
      }
      if (!opening) endCell();
      continue;
    }
    if (!cell) continue;
    if (name === 'text:p' || name === 'text:h') {
      if (opening) {
        paragraphDepth++;
        cell.paragraphs.push('');
      } else if (closing) paragraphDepth = Math.max(0, paragraphDepth - 1);
    } else if (paragraphDepth > 0 && cell.paragraphs.length > 0) {
      const last = cell.paragraphs.length - 1;
      if (name === 'text:s') cell.paragraphs[last] += ' ';
      else if (name === 'text:tab' || name === 'text:line-break') cell.paragraphs[last] += ' ';
    }
  }
  return sections;
}

/** A cell's typed value (number, date, time, boolean, string) from its attributes. */
function cellValue(tag: string): string {
  for (const name of [
    'office:string-value',
    'office:value',
    'office:date-value',
    'office:time-value',
    'office:boolean-value',
  ]) {
    const value = attribute(tag, name);
    if (value !== undefined) return value.replace(/\s+/g, ' ').trim();
  }
  return '';
}
