import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { Passage } from '../document-passages';
import { SHEET_ROW_LIMIT, sheetTable, visibleBlocks } from '../sheet-table';
import { DocumentPassages } from './DocumentPassages';

const HEADER = 'Vendor\tContact\tRenews';

/** A sheet passage as the server cuts it: the header row, then some of the rows. */
const sheetPassage = (ordinal: number, rows: string[], sheet = 'Vendors', index = 1): Passage => ({
  ordinal,
  location: `Sheet ${sheet}`,
  locationKind: 'sheet',
  locationIndex: index,
  text: [HEADER, ...rows].join('\n'),
});
const rowsOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `Vendor ${from + i}\tPerson ${from + i}\tMay`);

const cited = () => document.querySelector('[aria-current="true"]');

afterEach(() => vi.restoreAllMocks());

describe('sheetTable', () => {
  it('joins a sheet’s passages under one header, a block per passage', () => {
    const table = sheetTable([
      sheetPassage(1, ['Contoso\tLi Wei']),
      sheetPassage(0, ['Northwind\tAmara Okafor\tSeptember', '\t']),
    ]);
    expect(table).toEqual({
      header: ['Vendor', 'Contact', 'Renews'],
      columns: 3,
      rowCount: 2,
      blocks: [
        { ordinal: 0, rows: [['Northwind', 'Amara Okafor', 'September']] },
        { ordinal: 1, rows: [['Contoso', 'Li Wei']] },
      ],
    });
  });

  it('is null for text that is not a sheet cut by rows', () => {
    const page: Passage = { ...sheetPassage(0, []), locationKind: 'page', location: 'Page 1' };
    expect(sheetTable([page])).toBeNull();
    // No tab in the first row: a sheet of one column, or prose in a cell.
    expect(sheetTable([{ ...sheetPassage(0, []), text: 'Notes\nJust text' }])).toBeNull();
    // A passage that does not start with the header (text cut with overlaps): shown as text.
    expect(
      sheetTable([sheetPassage(0, ['a\tb']), { ...sheetPassage(1, []), text: 'b\tc\nd\te' }]),
    ).toBeNull();
    expect(sheetTable([])).toBeNull();
  });

  it('cuts the rows shown at a limit, across blocks', () => {
    const table = sheetTable([sheetPassage(0, rowsOf(0, 3)), sheetPassage(1, rowsOf(3, 3))])!;
    const { blocks, hidden } = visibleBlocks(table, 4);
    expect(blocks.map((b) => b.rows.length)).toEqual([3, 1]);
    expect(hidden).toBe(2);
  });
});

describe('DocumentPassages with a sheet', () => {
  it('shows a sheet as a table with its header row once, and other sections as text', () => {
    renderWithProviders(
      <DocumentPassages
        passages={[
          sheetPassage(0, ['Northwind\tAmara Okafor\tSeptember']),
          sheetPassage(1, ['Contoso\tLi Wei\t<b>March</b>']),
          {
            ordinal: 2,
            location: 'Sheet Notes',
            locationKind: 'sheet',
            locationIndex: 2,
            text: 'Renewals are reviewed in June.',
          },
        ]}
        highlight={null}
      />,
    );
    const vendors = screen.getByRole('region', { name: 'Sheet Vendors' });
    const table = within(vendors).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Vendor', 'Contact', 'Renews']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Northwind', 'Amara Okafor', 'September'],
      ['Contoso', 'Li Wei', '<b>March</b>'],
    ]);
    // Cell text is text, never markup; the tabs are gone.
    expect(table.querySelector('b')).toBeNull();
    expect(table.textContent).not.toContain('\t');
    // The scrolling box can be reached from the keyboard.
    expect(screen.getByRole('region', { name: 'Sheet Vendors table' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // A sheet that is not rows of cells stays text.
    const notes = screen.getByRole('region', { name: 'Sheet Notes' });
    expect(within(notes).queryByRole('table')).toBeNull();
    expect(within(notes).getByText('Renewals are reviewed in June.')).toBeInTheDocument();
  });

  it('highlights and scrolls to the cited passage’s rows', async () => {
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderWithProviders(
      <DocumentPassages
        passages={[sheetPassage(0, rowsOf(0, 2)), sheetPassage(1, rowsOf(2, 2))]}
        highlight={1}
      />,
    );
    await waitFor(() => expect(cited()).not.toBeNull());
    expect(cited()!.tagName).toBe('TBODY');
    expect(cited()).toHaveAttribute('id', 'passage-1');
    expect(cited()).toHaveTextContent('Cited passage');
    expect(cited()).toHaveTextContent('Vendor 2');
    expect(cited()).not.toHaveTextContent('Vendor 1');
    expect(scroll.mock.contexts[0]).toBe(cited());
  });

  it(`shows the first ${SHEET_ROW_LIMIT} rows, says how many more there are, and shows them on request`, async () => {
    const user = userEvent.setup();
    const passages = Array.from({ length: 7 }, (_, i) => sheetPassage(i, rowsOf(i * 100, 100)));
    renderWithProviders(<DocumentPassages passages={passages} highlight={null} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + SHEET_ROW_LIMIT);
    expect(screen.getByText('200 more rows not shown.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 200 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 700);
    expect(screen.queryByText(/more rows? not shown/)).toBeNull();
  });

  it('shows a cited passage beyond the row limit', async () => {
    const passages = Array.from({ length: 7 }, (_, i) => sheetPassage(i, rowsOf(i * 100, 100)));
    renderWithProviders(<DocumentPassages passages={passages} highlight={6} />);
    await waitFor(() => expect(cited()).toHaveTextContent('Vendor 650'));
    expect(screen.queryByText(/more rows? not shown/)).toBeNull();
  });

  it('pads short rows, and says a wide table scrolls sideways', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    renderWithProviders(
      <DocumentPassages
        passages={[sheetPassage(0, ['Only one cell', 'a\tb\tc\td'])]}
        highlight={null}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.children.length)).toEqual([4, 4, 4]);
    expect(
      screen.getByText('Wide table: scroll sideways to see all 4 columns.'),
    ).toBeInTheDocument();
  });

  it('gives no scroll hint when the table fits', () => {
    renderWithProviders(
      <DocumentPassages passages={[sheetPassage(0, ['a\tb\tc'])]} highlight={null} />,
    );
    expect(screen.queryByText(/scroll sideways/)).toBeNull();
  });
});
