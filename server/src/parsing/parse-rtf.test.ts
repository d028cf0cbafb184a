import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { rtfToText } from './parse-rtf.js';

/** RTF source as its bytes: one byte per character (RTF is 8-bit). */
const bytes = (source: string) => new Uint8Array(Buffer.from(source, 'latin1'));
const body = (source: string) => rtfToText(bytes(source)).body;

describe('rtfToText', () => {
  it('turns paragraph, line, tab and table control words into text layout', () => {
    expect(
      body(
        '{\\rtf1\\ansi\\pard\\b Title\\b0\\par Line one\\line Line two\\tab tabbed\\par\r\n' +
          '\\trowd\\cellx1000\\cellx2000 A\\cell B\\cell\\row}',
      ),
    ).toBe('Title\nLine one\nLine two\ttabbed\nA\tB\t\n');
  });

  it("decodes \\'hh bytes in the document code page, and in a font's character set", () => {
    expect(body("{\\rtf1\\ansi\\ansicpg1252 Caf\\'e9 \\'93quoted\\'94}")).toBe('Café “quoted”');
    expect(body("{\\rtf1\\ansi\\ansicpg1251 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}")).toBe('Привет');
    // Shift-JIS pairs of bytes, through a font whose \fcharset is 128.
    expect(
      body(
        '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset128 MS Gothic;}}' +
          "Tokyo: {\\f1 \\'93\\'8c\\'8b\\'9e}}",
      ),
    ).toBe('Tokyo: 東京');
    // Bytes over 0x7f written as they are count as code page text too.
    expect(body('{\\rtf1\\ansi Caf\u00e9}')).toBe('Café');
  });

  it('reads \\uN as Unicode and skips its \\ucN fallback characters', () => {
    expect(body('{\\rtf1\\uc1\\u8364?5 and \\u-10179?\\u-8704? end}')).toBe('€5 and 😀 end');
    expect(body("{\\rtf1{\\uc2\\u26085\\'93\\'fa}{\\u26412?}}")).toBe('日本');
    // The fallback count belongs to its group; the default is 1.
    expect(body('{\\rtf1{\\uc0\\u65 B}\\u67 D}')).toBe('ABC');
  });

  it('keeps escaped and special characters', () => {
    expect(
      body(
        '{\\rtf1 a\\{b\\}c\\\\d\\~e\\-f\\_g \\emdash\\endash\\bullet\\lquote x\\rquote\\ldblquote y\\rdblquote}',
      ),
    ).toBe('a{b}c\\d\u00a0ef-g —–•‘x’“y”');
  });

  it('skips destinations that are not text, and takes the title from \\info', () => {
    const result = rtfToText(
      bytes(
        '{\\rtf1\\ansi{\\fonttbl{\\f0 Calibri;}}{\\colortbl;\\red255\\green0\\blue0;}' +
          '{\\stylesheet{\\s1 heading 1;}}{\\info{\\title Expense \\u8217?s policy}{\\author Ada}{\\company Acme}}' +
          '{\\*\\generator Writer;}{\\header Page header}{\\footerf First footer}' +
          '{\\pict\\pngblip 89504e47}{\\*\\shpinst{\\sp{\\sn name}{\\sv value}}}' +
          'Visit {\\field{\\*\\fldinst HYPERLINK "https://x.example"}{\\fldrslt our site}}.' +
          '{\\*\\bkmkstart b1}{\\*\\bkmkend b1}\\par}',
      ),
    );
    expect(result.title).toBe('Expense ’s policy');
    expect(result.body).toBe('Visit our site.\n');
  });

  it('puts footnotes after the body, each on its own line', () => {
    const result = rtfToText(
      bytes(
        '{\\rtf1 Claims{\\super\\chftn}{\\footnote\\pard{\\super\\chftn} Within 30 days.}' +
          ' are paid{\\footnote Monthly.} on the 25th.\\par}',
      ),
    );
    expect(result.body).toBe('Claims are paid on the 25th.\n');
    expect(result.notes).toBe(' Within 30 days.\nMonthly.\n');
  });

  it('skips \\bin data and survives unbalanced or very deep groups', () => {
    expect(body('{\\rtf1 before{\\pict\\bin4 {}\\x} after}')).toBe('before after');
    expect(body('{\\rtf1 open {\\b bold')).toBe('open bold');
    expect(body('{\\rtf1 a}} b}')).toBe('a b');
    const deep = '{'.repeat(100_000) + 'deep' + '}'.repeat(100_000);
    expect(body(`{\\rtf1 ${deep}}`)).toBe('deep');
  });

  it('through parseDocument: title and text, footnotes last', async () => {
    const document = await parseDocument(
      bytes(
        '{\\rtf1\\ansi{\\info{\\title Leave}}\\pard Take 25 days{\\footnote Pro rata.}.\\par\\pard Ask HR.\\par}',
      ),
      'leave.rtf',
    );
    expect(document).toEqual({
      format: 'rtf',
      title: 'Leave',
      sections: [
        { text: 'Take 25 days.\nAsk HR.\n\nPro rata.', location: { kind: 'document', index: 1 } },
      ],
    });
  });
});
