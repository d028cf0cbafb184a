import { decodeText } from './parse-txt.js';
import { type RawDocument } from './types.js';

/**
 * .csv (RFC 4180): read as a one-sheet spreadsheet named after the file, each record a line of
 * tab-separated cells like the sheets of a workbook, so it is chunked and shown as a table.
 * The delimiter is sniffed among `,` `;` (Excel in many European locales) and tab, unless the
 * file starts with Excel's `sep=` line.
 */
export function parseCsv(bytes: Uint8Array, sheetName: string): RawDocument {
  let text = decodeText(bytes);
  let delimiter: string;
  const declared = /^sep=(.)\r?\n/i.exec(text);
  if (declared) {
    delimiter = declared[1];
    text = text.slice(declared[0].length);
  } else delimiter = sniffDelimiter(text);

  const lines: string[] = [];
  forEachRecord(text, delimiter, (fields) => {
    // Tabs and line breaks inside a cell would break the row/column layout.
    const cells = fields.map((field) => field.replace(/[\t\r\n]+/g, ' ').trim());
    if (cells.some(Boolean)) lines.push(cells.join('\t'));
  });
  return {
    title: null,
    sections: [{ text: lines.join('\n'), location: { kind: 'sheet', index: 1, name: sheetName } }],
  };
}

export const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter that splits the first records most consistently into more than one field
 * (a European "1,50" splits a `;` file's records unevenly on commas); a comma when none does.
 */
export function sniffDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts: number[] = [];
    forEachRecord(sample, delimiter, (fields) => {
      if (fields.some((field) => field.trim())) counts.push(fields.length);
      return counts.length < 50;
    });
    // The last record of a sample may be cut short.
    if (counts.length > 1 && sample.length < text.length) counts.pop();
    const tally = new Map<number, number>();
    for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
    for (const [fields, times] of tally) {
      if (fields < 2) continue;
      // Consistency first, then more columns.
      const score = times / counts.length + fields / 1e6;
      if (score > best.score) best = { delimiter, score };
    }
  }
  return best.delimiter;
}

/**
 * Calls `onRecord` with each record's fields, in order, until it returns false. Quoted fields
 * may hold delimiters, CR/LF line breaks and doubled quotes; an unterminated quote runs to the
 * end; text after a closing quote is kept, as spreadsheet programs do.
 */
export function forEachRecord(
  text: string,
  delimiter: string,
  onRecord: (fields: string[]) => boolean | void,
): void {
  const n = text.length;
  let fields: string[] = [];
  let field = '';
  let atFieldStart = true;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (atFieldStart && c === '"') {
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) {
          field += text.slice(from);
          i = n;
          break;
        }
        field += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      atFieldStart = false;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
    } else if (c === '\n' || c === '\r') {
      fields.push(field);
      const record = fields;
      fields = [];
      field = '';
      atFieldStart = true;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      if (onRecord(record) === false) return;
    } else {
      // An unquoted run, up to the next delimiter or line break.
      let end = i + 1;
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end++;
      field += text.slice(i, end);
      atFieldStart = false;
      i = end;
    }
  }
  if (fields.length > 0 || !atFieldStart) {
    fields.push(field);
    onRecord(fields);
  }
}
