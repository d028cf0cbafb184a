import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument, parseInWorker, type ParsedDocument } from './index.js';

/** Every fixture with a `.q` sidecar (question<TAB>expected answer substring): the office
 * formats, and the text and OpenDocument formats in a sibling folder. */
const DIR = fileURLToPath(new URL('../../test/fixtures/office/', import.meta.url));
const FORMATS_DIR = fileURLToPath(new URL('../../test/fixtures/formats/', import.meta.url));
const fixtures = [DIR, FORMATS_DIR].flatMap((dir) =>
  fs
    .readdirSync(dir)
    .filter((name) => fs.existsSync(`${dir}${name}.q`))
    .map((name) => {
      const [question, expected] = fs.readFileSync(`${dir}${name}.q`, 'utf8').trim().split('\t');
      return { name, question, expected, bytes: new Uint8Array(fs.readFileSync(dir + name)) };
    }),
);

const KIND = {
  pdf: 'page',
  doc: 'document',
  docx: 'document',
  xls: 'sheet',
  xlsx: 'sheet',
  ppt: 'slide',
  pptx: 'slide',
  txt: 'document',
  md: 'document',
  csv: 'sheet',
  html: 'document',
  json: 'document',
  rtf: 'document',
  odt: 'document',
  ods: 'sheet',
  odp: 'slide',
} as const;

function expectAnswer(document: ParsedDocument, name: string, expected: string) {
  expect(document.format).toBe(name.split('.').pop());
  const section = document.sections.find((s) =>
    s.text.toLowerCase().includes(expected.toLowerCase()),
  );
  expect(section, `"${expected}" in ${name}`).toBeDefined();
  for (const { location, text } of document.sections) {
    expect(location.kind).toBe(KIND[document.format]);
    expect(location.index).toBeGreaterThanOrEqual(1);
    expect(text.trim()).not.toBe('');
    if (location.kind === 'sheet') expect(location.name).toMatch(/\S/);
  }
}

const inProcess = new Map<string, ParsedDocument>();

describe('every office fixture', () => {
  it('has fixtures in all sixteen formats', () => {
    const formats = new Set(fixtures.map(({ name }) => name.split('.').pop()));
    expect([...formats].sort()).toEqual(Object.keys(KIND).sort());
    expect(formats.size).toBe(16);
  });

  it.each(fixtures)('$name parses in-process and holds its answer', async (fixture) => {
    const document = await parseDocument(fixture.bytes, fixture.name);
    expectAnswer(document, fixture.name, fixture.expected);
    inProcess.set(fixture.name, document);
  });

  it.each(fixtures)('$name parses in a worker, with the same result', async (fixture) => {
    const document = await parseInWorker(fixture.bytes, fixture.name);
    expectAnswer(document, fixture.name, fixture.expected);
    expect(document).toEqual(
      inProcess.get(fixture.name) ?? (await parseDocument(fixture.bytes, fixture.name)),
    );
  });
});

describe('positions and metadata', () => {
  const parse = (name: string) => parseDocument(new Uint8Array(fs.readFileSync(DIR + name)), name);
  const parseNew = (name: string) =>
    parseDocument(new Uint8Array(fs.readFileSync(FORMATS_DIR + name)), name);
  const slideTexts = (document: ParsedDocument) =>
    document.sections.map(({ location, text }) => [location.index, text.split('\n')[0]]);

  it('keeps PDF page numbers, skipping blank pages, and the PDF title', async () => {
    const remote = await parse('remote-work.pdf');
    // Page 1 of this file is blank: the text is on page 2, and says so.
    expect(remote.sections.map((s) => s.location)).toEqual([{ kind: 'page', index: 2 }]);
    expect(remote.sections[0].text).toContain('10:00 to 15:00');

    const handbook = await parse('security-handbook.pdf');
    expect(handbook.title).toBe('Security handbook');
    expect(handbook.sections.map((s) => [s.location.index, s.text])).toEqual([
      [1, 'Laptops must use full-disk encryption.'],
      [2, 'Report lost badges to the front desk in Winnipeg.'],
    ]);
  });

  it.each(['vendors.xls', 'vendors.xlsx'])(
    '%s: one section per sheet, rows as tab-separated lines',
    async (name) => {
      const document = await parse(name);
      expect(document.sections).toEqual([
        {
          text: 'Vendor\tContact\nNorthwind\tAmara Okafor',
          location: { kind: 'sheet', index: 1, name: 'Vendors' },
        },
        {
          text: 'Contract\tRenews\nNorthwind support\tSeptember',
          location: { kind: 'sheet', index: 2, name: 'Renewals' },
        },
      ]);
    },
  );

  it('.ppt: one section per slide, in order, without master placeholder text', async () => {
    const document = await parse('quarterly-review.ppt');
    expect(slideTexts(document)).toEqual([
      [1, 'Agenda'],
      [2, 'Hiring'],
      [3, 'Budget'],
    ]);
    expect(document.sections[1].text).toContain('four engineers in Halifax');
    expect(JSON.stringify(document)).not.toMatch(/Click to edit/);
  });

  it('.pptx: one section per slide, in order, with speaker notes and the title', async () => {
    const document = await parse('quarterly-review.pptx');
    expect(document.title).toBe('Quarterly review');
    expect(slideTexts(document)).toEqual([
      [1, 'Agenda'],
      [2, 'Hiring'],
      [3, 'Budget'],
    ]);
    expect(document.sections[1].text).toContain('Speaker note: mention the Halifax lease.');
  });

  it('keeps paragraphs as lines', async () => {
    const doc = await parse('fire-safety.doc');
    expect(doc.sections[0].text.split('\n')[0]).toBe('Fire Safety');
    const docx = await parse('incident-runbook.docx');
    expect(docx.sections[0].text.split('\n')[0]).toBe('Incident Runbook');
  });

  it('.ods: one named section per sheet, repeated cells and rows expanded, empty ones dropped', async () => {
    const document = await parseNew('headcount.ods');
    expect(document.title).toBe('Headcount 2025');
    expect(document.sections).toEqual([
      {
        text: 'Team\tCity\tPeople\nData Platform\tLagos\t14\nSupport\tMontevideo\t9',
        location: { kind: 'sheet', index: 1, name: 'Headcount' },
      },
      {
        text: [
          'Quarter\tTeam\tHires\tStart',
          'Q2\tData Platform\t3\t2025-04-01',
          'Q3\t\tTBD\tTBD',
          'Q4\tSupport\t1',
          'Q4\tSupport\t1',
        ].join('\n'),
        location: { kind: 'sheet', index: 2, name: 'Hiring plan' },
      },
    ]);
  });

  it('.csv: one sheet named after the file, quoted fields kept whole', async () => {
    const document = await parseNew('office-supplies.csv');
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0].location).toEqual({
      kind: 'sheet',
      index: 1,
      name: 'office-supplies',
    });
    expect(document.sections[0].text.split('\n')).toEqual([
      'Item\tSupplier\tLocation\tNotes',
      'Standing desk\tErgonomica Ltd.\tFacilities, 2nd floor\tOrder via "Facilities" form',
      'Monitor arm\tErgonomica Ltd.\tIT storage',
      'Whiteboard markers\tStationery Hub\tSupply room\tFour colours: black, blue, red, green',
      'Desk lamp\tLumina Co.\tFacilities',
    ]);
  });

  it('.odp: one section per slide, in order, with speaker notes and the title', async () => {
    const document = await parseNew('roadmap-review.odp');
    expect(document.title).toBe('Roadmap review');
    expect(slideTexts(document)).toEqual([
      [1, 'Roadmap review'],
      [2, 'Customer summit'],
      [3, 'Next steps'],
    ]);
    expect(document.sections[1].text).toBe(
      'Customer summit\nThe customer summit moves to Lisbon in October\n\n' +
        'Speaker note: confirm the venue with Marta.',
    );
  });

  it('.odt: paragraphs as lines, table cells by tabs, footnotes last, comments left out', async () => {
    const document = await parseNew('meeting-rooms.odt');
    expect(document.title).toBe('Meeting rooms');
    expect(document.sections).toEqual([
      {
        text: [
          'Meeting rooms',
          'The Aurora room seats twelve people and has a video wall.',
          'Coffee is free in every room.',
          'Aurora: floor 4',
          'Borealis: floor\t2',
          'Room\tScreen',
          'Aurora\tVideo wall',
          'Cancel',
          'unused bookings.',
          '',
          'Book it through the front desk.',
        ].join('\n'),
        location: { kind: 'document', index: 1 },
      },
    ]);
    expect(JSON.stringify(document)).not.toMatch(/seat count/);
  });

  it.each([
    [
      'onboarding-guide.md',
      'Onboarding guide',
      'New hires receive their laptop from Sofia Lindqvist',
    ],
    ['guest-wifi.html', 'Guest Wi-Fi & visitors', 'Its password changes every Friday at 08:00'],
    ['parking-policy.rtf', 'Parking policy', 'the café validates tickets'],
    ['feature-flags.json', null, 'flags[0].owner: Tomasz Nowak'],
  ])('%s: title %s, text without markup', async (name, title, line) => {
    const document = await parseNew(name);
    expect(document.title).toBe(title);
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0].text).toContain(line);
    expect(document.sections[0].text).not.toMatch(/[<>{}\\]|\]\(|\*\*|analytics|Intranet home/);
  });
});
