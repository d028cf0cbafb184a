import type { Passage } from './document-passages';

/** Rows shown at first, and added by each "Show more". */
export const SHEET_ROW_LIMIT = 500;

export interface SheetBlock {
  /** The passage these rows came from: the unit that is cited and highlighted. */
  ordinal: number;
  rows: string[][];
}

export interface SheetTable {
  header: string[];
  /** Widest row (header included): every row is padded to it. */
  columns: number;
  blocks: SheetBlock[];
  /** Rows under the header, in all blocks. */
  rowCount: number;
}

/**
 * A spreadsheet's passages as one table. The server cuts a sheet (xls, xlsx, ods, csv) between
 * rows, each passage starting with the sheet's header row, cells separated by tabs; the header
 * is shown once and each passage's rows form a block. Null when the passages are not such a
 * sheet (another kind, or text that was not cut by rows): they are shown as text instead.
 */
export function sheetTable(passages: readonly Passage[]): SheetTable | null {
  if (passages.length === 0 || passages.some((p) => p.locationKind !== 'sheet')) return null;
  const sorted = [...passages].sort((a, b) => a.ordinal - b.ordinal);
  const headerLine = sorted[0].text.split('\n')[0];
  if (!headerLine.includes('\t')) return null;
  const header = headerLine.split('\t');
  let columns = header.length;
  let rowCount = 0;
  const blocks: SheetBlock[] = [];
  for (const passage of sorted) {
    const [first, ...lines] = passage.text.split('\n');
    if (first !== headerLine) return null;
    const rows = lines.filter((line) => line.trim()).map((line) => line.split('\t'));
    for (const row of rows) columns = Math.max(columns, row.length);
    rowCount += rows.length;
    blocks.push({ ordinal: passage.ordinal, rows });
  }
  return { header, columns, blocks, rowCount };
}

/**
 * The blocks cut to their first `limit` rows in all (a block may be cut in two), and how many
 * rows are left out.
 */
export function visibleBlocks(
  table: SheetTable,
  limit: number,
): { blocks: SheetBlock[]; hidden: number } {
  const blocks: SheetBlock[] = [];
  let room = limit;
  for (const block of table.blocks) {
    // An empty block (a passage of the header alone) costs nothing, and may be the cited one.
    if (room <= 0 && block.rows.length > 0) break;
    blocks.push(block.rows.length <= room ? block : { ...block, rows: block.rows.slice(0, room) });
    room -= block.rows.length;
  }
  const shown = blocks.reduce((total, block) => total + block.rows.length, 0);
  return { blocks, hidden: table.rowCount - shown };
}

/** Rows up to and including the cited block, so a cited passage far down is still shown. */
export function rowsThrough(table: SheetTable, ordinal: number | null): number {
  let rows = 0;
  for (const block of table.blocks) {
    rows += block.rows.length;
    if (block.ordinal === ordinal) return rows;
  }
  return 0;
}
