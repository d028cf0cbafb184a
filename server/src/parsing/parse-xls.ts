import * as XLSX from '@e965/xlsx';
import { encrypted } from './parse-errors.js';
import { type ParsedSection, type RawDocument } from './types.js';
import { SafeZip } from './zip-guard.js';

/**
 * .xls and .xlsx through SheetJS (@e965/xlsx: SheetJS 0.20.3, which fixes the prototype
 * pollution and ReDoS advisories of npm's xlsx 0.18.5). One section per sheet, named after it;
 * each row is a line of tab-separated cell texts (as displayed, e.g. "$1,200").
 */
export function parseSpreadsheet(bytes: Uint8Array, format: 'xls' | 'xlsx'): RawDocument {
  // SheetJS inflates the zip itself, with no limits: inflate it once under ours first.
  if (format === 'xlsx') new SafeZip(bytes, 'xlsx').verifyAll();

  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    if (/password|encrypt/i.test(String(error))) throw encrypted(format);
    throw error;
  }

  const sections: ParsedSection[] = workbook.SheetNames.map((name, i) => ({
    text: sheetText(workbook.Sheets[name]),
    location: { kind: 'sheet', index: i + 1, name },
  }));
  return { title: workbook.Props?.Title?.trim() || null, sections };
}

/**
 * Rows from the dense cell array, not sheet_to_csv: that walks the declared range, and a sheet
 * whose range claims a million rows by 16,384 columns would take hours.
 */
function sheetText(sheet: XLSX.WorkSheet): string {
  const rows = (sheet as XLSX.DenseWorkSheet)['!data'] ?? [];
  const lines: string[] = [];
  for (const row of rows) {
    if (!row) continue;
    const cells: string[] = [];
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      // Tabs and line breaks inside a cell would break the row/column layout.
      cells.push(cell ? String(cell.w ?? cell.v ?? '').replace(/[\t\r\n]+/g, ' ') : '');
    }
    lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}
