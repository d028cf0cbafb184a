import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDocument, ParseError } from './index.js';
import { MAX_COLUMNS, parseOpenDocument } from './parse-opendocument.js';

const MIME = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
} as const;
const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';

/** A package as LibreOffice lays it out: mimetype first and stored, then the parts. */
function odf(
  format: keyof typeof MIME,
  body: string,
  parts: Record<string, string> = {},
): Uint8Array {
  return zipSync({
    mimetype: [strToU8(MIME[format]), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">' +
        `<manifest:file-entry manifest:full-path="/" manifest:media-type="${MIME[format]}"/>` +
        '</manifest:manifest>',
    ),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS}><office:body>${body}</office:body></office:document-content>`,
    ),
    ...Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])),
  });
}
const sheet = (name: string, rows: string) =>
  `<office:spreadsheet><table:table table:name="${name}">${rows}</table:table></office:spreadsheet>`;
const textCell = (text: string, extra = '') =>
  `<table:table-cell office:value-type="string"${extra}><text:p>${text}</text:p></table:table-cell>`;

async function refusal(run: () => unknown): Promise<ParseError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return error as ParseError;
  }
  throw new Error('expected a ParseError');
}

describe('OpenDocument text', () => {
  it('reads paragraphs, spaces, tabs, line breaks and entities as ODF lays them out', () => {
    const document = parseOpenDocument(
      odf(
        'odt',
        '<office:text><text:h text:outline-level="1">R&amp;D <text:span>plan</text:span></text:h>\n' +
          '<text:p>  Spaces   collapse,<text:s text:c="2"/>kept,\ntabs<text:tab/>and<text:line-break/>breaks.</text:p>' +
          '<text:p/><text:p>Deleted text is left out.<text:tracked-changes><text:changed-region>' +
          '<text:deletion><text:p>gone</text:p></text:deletion></text:changed-region></text:tracked-changes></text:p>' +
          '</office:text>',
        { 'meta.xml': '<office:meta><dc:title>R&amp;D plan</dc:title></office:meta>' },
      ),
      'odt',
    );
    expect(document).toEqual({
      title: 'R&D plan',
      sections: [
        {
          text: 'R&D plan\n Spaces collapse,  kept, tabs\tand\nbreaks.\n\nDeleted text is left out.\n',
          location: { kind: 'document', index: 1 },
        },
      ],
    });
  });

  it('has no title without meta.xml, and fails a package without content.xml as CORRUPT', async () => {
    expect(
      parseOpenDocument(odf('odt', '<office:text><text:p>x</text:p></office:text>'), 'odt').title,
    ).toBeNull();
    const noContent = zipSync({ mimetype: [strToU8(MIME.odt), { level: 0 }] });
    const error = await refusal(() => parseDocument(noContent, 'empty.odt'));
    expect([error.code, error.message]).toEqual([
      'CORRUPT',
      'The OpenDocument text could not be read: it looks damaged.',
    ]);
  });

  it('refuses a password-protected file as ENCRYPTED', async () => {
    const bytes = zipSync({
      mimetype: [strToU8(MIME.ods), { level: 0 }],
      'META-INF/manifest.xml': strToU8(
        '<manifest:manifest><manifest:file-entry manifest:full-path="content.xml">' +
          '<manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>',
      ),
      'content.xml': new Uint8Array([1, 2, 3, 4]),
    });
    const error = await refusal(() => parseDocument(bytes, 'secret.ods'));
    expect(error.code).toBe('ENCRYPTED');
    expect(error.message).toMatch(/OpenDocument spreadsheet is password-protected/);
  });

  it('refuses a zip bomb through the zip guard, as for Office files', async () => {
    const entries: Record<string, Uint8Array> = { mimetype: strToU8(MIME.odt) };
    for (let i = 0; i < 10_001; i++) entries[`Pictures/${i}.png`] = new Uint8Array(0);
    const error = await refusal(() => parseDocument(zipSync(entries, { level: 0 }), 'many.odt'));
    expect(error.code).toBe('ZIP_BOMB');
  });
});

describe('OpenDocument spreadsheet', () => {
  it('expands repeated cells and rows, drops empty trailing ones, and keeps empty cells between', () => {
    const rows =
      `<table:table-row>${textCell('A')}<table:table-cell/>${textCell('C', ' table:number-columns-repeated="2"')}` +
      '<table:table-cell table:number-columns-repeated="16380"/></table:table-row>' +
      `<table:table-row table:number-rows-repeated="3">${textCell('same')}</table:table-row>` +
      '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>' +
      `<table:table-row>${textCell('last')}</table:table-row>`;
    const document = parseOpenDocument(odf('ods', sheet('Data', rows)), 'ods');
    expect(document.sections).toEqual([
      {
        text: 'A\t\tC\tC\nsame\nsame\nsame\nlast',
        location: { kind: 'sheet', index: 1, name: 'Data' },
      },
    ]);
  });

  it('takes the typed value when a cell has no displayed text, and joins a cell’s paragraphs', () => {
    const rows =
      '<table:table-row><table:table-cell office:value-type="float" office:value="42"/>' +
      '<table:table-cell office:value-type="date" office:date-value="2025-04-01"/>' +
      '<table:table-cell office:value-type="boolean" office:boolean-value="true"/>' +
      '<table:table-cell><text:p>two</text:p><text:p>lines<text:tab/>here</text:p></table:table-cell>' +
      '<table:table-cell><office:annotation><text:p>a comment</text:p></office:annotation><text:p>noted</text:p></table:table-cell>' +
      '</table:table-row>';
    expect(parseOpenDocument(odf('ods', sheet('S', rows)), 'ods').sections[0].text).toBe(
      '42\t2025-04-01\ttrue\ttwo lines here\tnoted',
    );
  });

  it('bounds a row at the column limit, however many columns a cell claims', () => {
    const rows = `<table:table-row>${textCell('x', ' table:number-columns-repeated="1000000000"')}${textCell('y')}</table:table-row>`;
    const text = parseOpenDocument(odf('ods', sheet('Wide', rows)), 'ods').sections[0].text;
    expect(text.split('\t')).toHaveLength(MAX_COLUMNS);
    expect(text).not.toContain('y');
  });

  it('stops a sheet that repeats into more text than Lumen indexes, as TOO_LARGE, quickly', async () => {
    const rows = `<table:table-row table:number-rows-repeated="1048576">${textCell('word', ' table:number-columns-repeated="16384"')}</table:table-row>`;
    const started = performance.now();
    const error = await refusal(() => parseDocument(odf('ods', sheet('Bomb', rows)), 'bomb.ods'));
    expect(error.code).toBe('TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('names unnamed sheets by position and keeps numbering past empty ones', async () => {
    const body =
      '<office:spreadsheet><table:table table:name="Empty"><table:table-row><table:table-cell/></table:table-row></table:table>' +
      `<table:table><table:table-row>${textCell('B1')}</table:table-row></table:table></office:spreadsheet>`;
    const document = await parseDocument(odf('ods', body), 'book.ods');
    expect(document.sections).toEqual([
      { text: 'B1', location: { kind: 'sheet', index: 2, name: 'Sheet2' } },
    ]);
  });
});

describe('OpenDocument presentation', () => {
  it('gives each draw:page a slide, numbered in order, with its notes after its text', async () => {
    const page = (text: string, notes = '') =>
      `<draw:page><draw:frame><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>` +
      (notes
        ? `<presentation:notes><draw:page-thumbnail/><draw:frame><draw:text-box><text:p>${notes}</text:p></draw:text-box></draw:frame></presentation:notes>`
        : '') +
      '</draw:page>';
    const table =
      '<draw:page><draw:frame><table:table><table:table-row>' +
      `${textCell('Q1')}${textCell('Q2')}</table:table-row></table:table></draw:frame></draw:page>`;
    const document = await parseDocument(
      odf(
        'odp',
        `<office:presentation>${page('Intro', 'Say hello')}<draw:page/>${table}${page('End')}</office:presentation>`,
      ),
      'deck.odp',
    );
    expect(document.sections).toEqual([
      { text: 'Intro\n\nSay hello', location: { kind: 'slide', index: 1 } },
      { text: 'Q1\tQ2', location: { kind: 'slide', index: 3 } },
      { text: 'End', location: { kind: 'slide', index: 4 } },
    ]);
  });
});
