import type { DomNode, FormatCallback } from 'html-to-text';

const rowsOf = (elem: DomNode): DomNode[] =>
  elem.children?.flatMap((c) =>
    c.name === 'tr' ? [c] : ['thead', 'tbody', 'tfoot'].includes(c.name ?? '') ? rowsOf(c) : [],
  ) ?? [];

function tableText(rows: { text: string }[][]): string {
  return rows
    .map((cells) => cells.map((cell) => cell.text.replace(/\s+/g, ' ').trim()))
    .filter((cells) => cells.some(Boolean))
    .map((cells) => cells.join(' | ').replace(/ {2,}/g, ' ').trim())
    .join('\n');
}

/**
 * An html-to-text table formatter: each row on its own line, cells separated by " | ", a cell's
 * blocks flattened to one line. html-to-text's own table formatters either run cells together
 * or pad them into columns. Header cells are not uppercased: no word transform applies.
 * Shared by Confluence pages and uploaded HTML files.
 */
export const formatTable: FormatCallback = (elem, walk, builder) => {
  builder.openTable();
  for (const row of rowsOf(elem)) {
    builder.openTableRow();
    for (const cell of row.children ?? []) {
      if (cell.name !== 'td' && cell.name !== 'th') continue;
      builder.openTableCell();
      walk(cell.children, builder);
      builder.closeTableCell();
    }
    builder.closeTableRow();
  }
  builder.closeTable({ tableToString: tableText, leadingLineBreaks: 2, trailingLineBreaks: 2 });
};
