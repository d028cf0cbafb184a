import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument, parseInWorker, type ParsedDocument } from './index.js';

/** Every fixture with a `.q` sidecar (question<TAB>expected answer substring). */
const DIR = fileURLToPath(new URL('../../../../test/fixtures/office/', import.meta.url));
const fixtures = fs
  .readdirSync(DIR)
  .filter((name) => fs.existsSync(`${DIR}${name}.q`))
  .map((name) => {
    const [question, expected] = fs.readFileSync(`${DIR}${name}.q`, 'utf8').trim().split('\t');
    return { name, question, expected, bytes: new Uint8Array(fs.readFileSync(DIR + name)) };
  });

const KIND = {
  pdf: 'page',
  doc: 'document',
  docx: 'document',
  xls: 'sheet',
  xlsx: 'sheet',
  ppt: 'slide',
  pptx: 'slide',
  txt: 'document',
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
  it('has fixtures in all eight formats', () => {
    const formats = new Set(fixtures.map(({ name }) => name.split('.').pop()));
    expect([...formats].sort()).toEqual([
      'doc',
      'docx',
      'pdf',
      'ppt',
      'pptx',
      'txt',
      'xls',
      'xlsx',
    ]);
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
});
