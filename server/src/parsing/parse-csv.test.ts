import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { forEachRecord, parseCsv, sniffDelimiter } from './parse-csv.js';

const records = (text: string, delimiter = ',') => {
  const out: string[][] = [];
  forEachRecord(text, delimiter, (fields) => void out.push(fields));
  return out;
};
const encode = (text: string) => new TextEncoder().encode(text);
const sheet = (text: string, name = 'data') => parseCsv(encode(text), name).sections[0];

describe('forEachRecord (RFC 4180)', () => {
  it('splits records on CRLF, LF or CR, and fields on the delimiter', () => {
    expect(records('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(records('a,b\n')).toEqual([['a', 'b']]);
    expect(records('a,,\n,b')).toEqual([
      ['a', '', ''],
      ['', 'b'],
    ]);
  });

  it('keeps delimiters, line breaks and doubled quotes inside quoted fields', () => {
    expect(records('"Smith, Jo","He said ""hi""","two\r\nlines"\nnext,"",x')).toEqual([
      ['Smith, Jo', 'He said "hi"', 'two\r\nlines'],
      ['next', '', 'x'],
    ]);
  });

  it('is lenient where spreadsheet programs are', () => {
    // A quote inside an unquoted field is a character; text after a closing quote is kept.
    expect(records('5" screen,"a"b,c')).toEqual([['5" screen', 'ab', 'c']]);
    // An unterminated quote runs to the end of the file.
    expect(records('a,"open\nstill open')).toEqual([['a', 'open\nstill open']]);
  });

  it('stops when asked', () => {
    const seen: string[][] = [];
    forEachRecord('1\n2\n3\n4', ',', (fields) => {
      seen.push(fields);
      return seen.length < 2;
    });
    expect(seen).toEqual([['1'], ['2']]);
  });
});

describe('sniffDelimiter', () => {
  it('picks the delimiter that splits records consistently', () => {
    expect(sniffDelimiter('Name,Amount\nAmara,12\nKwame,7\n')).toBe(',');
    // Decimal commas split a semicolon file unevenly on commas.
    expect(sniffDelimiter('Name;Amount\nAmara;1,50\nKwame;7\nZoë;2,25\n')).toBe(';');
    expect(sniffDelimiter('Name\tNote\nAmara\tHello, world\nKwame\tHi; there\n')).toBe('\t');
    // Commas inside quotes do not count.
    expect(sniffDelimiter('"a,b,c";x\n"d,e";y\n')).toBe(';');
  });

  it('falls back to a comma for a single column', () => {
    expect(sniffDelimiter('Name\nAmara\nKwame\n')).toBe(',');
    expect(sniffDelimiter('')).toBe(',');
  });
});

describe('parseCsv', () => {
  it('writes rows as tab-separated lines, as a sheet named after the file', () => {
    const section = sheet(
      'Name;City\r\n"Okafor; Amara";"Lagos\r\nIkeja"\r\n\r\n;\r\nKwame;Accra\r\n',
      'staff',
    );
    expect(section).toEqual({
      text: 'Name\tCity\nOkafor; Amara\tLagos Ikeja\nKwame\tAccra',
      location: { kind: 'sheet', index: 1, name: 'staff' },
    });
  });

  it("follows Excel's sep= line", () => {
    expect(sheet('sep=|\nA|B\n1,5|2\n').text).toBe('A\tB\n1,5\t2');
  });

  it('replaces tabs inside cells, so columns stay aligned', () => {
    expect(sheet('"a\tb",c\n').text).toBe('a b\tc');
  });

  it('decodes UTF-8 with a BOM, UTF-16 and Windows-1252', () => {
    expect(sheet('\ufeffCafé,Prix\n').text).toBe('Café\tPrix');
    const cp1252 = Uint8Array.from([...encode('Montr'), 0xe9, 0x61, 0x6c, 0x2c, 0x31]);
    expect(parseCsv(cp1252, 'x').sections[0].text).toBe('Montréal\t1');
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...'a,b'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(parseCsv(utf16, 'x').sections[0].text).toBe('a\tb');
  });

  it('through parseDocument: named after the file, empty files refused as EMPTY', async () => {
    const document = await parseDocument(encode('Team,Lead\nData,Amara\n'), 'uploads/Q3 teams.csv');
    expect(document.format).toBe('csv');
    expect(document.sections[0].location).toEqual({ kind: 'sheet', index: 1, name: 'Q3 teams' });
    await expect(parseDocument(encode(',,\n,\n'), 'blank.csv')).rejects.toMatchObject({
      code: 'EMPTY',
    });
  });

  it('reads a large file in linear time', () => {
    const row = '"quoted, field",plain,123,"with ""quotes"""\n';
    const started = performance.now();
    const text = sheet(row.repeat(100_000)).text;
    expect(text.split('\n')).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
