import { describe, expect, it } from 'vitest';
import { ConnectorConfigError } from '../tool-failures.js';
import {
  driveUrl,
  fileNameFor,
  FOLDER,
  KINDS,
  kindOf,
  parentsFilter,
  parseFolderId,
  quote,
  typeFilter,
} from './drive-api.js';

describe('Drive queries', () => {
  it('quotes literals so an id or name cannot end the string', () => {
    expect(quote('abc')).toBe("'abc'");
    expect(quote("it's")).toBe("'it\\'s'");
    expect(quote('a\\b')).toBe("'a\\\\b'");
  });

  it('filters by the indexed kinds, folders only when walking', () => {
    expect(typeFilter(false)).not.toContain(FOLDER);
    expect(typeFilter(true)).toContain(`mimeType = '${FOLDER}'`);
    expect(typeFilter(false).split(' or ')).toHaveLength(Object.keys(KINDS).length);
    expect(parentsFilter(['a', 'b'])).toBe("('a' in parents or 'b' in parents)");
  });

  it('reads text, CSV and OpenDocument files by the parsers of their own format', () => {
    const extension = (mimeType: string) => kindOf({ id: 'f', mimeType })?.extension;
    expect(extension('text/csv')).toBe('csv');
    expect(extension('text/markdown')).toBe('md');
    expect(extension('application/rtf')).toBe('rtf');
    expect(extension('application/vnd.oasis.opendocument.spreadsheet')).toBe('ods');
    expect(extension('image/png')).toBeUndefined();
  });

  it('builds URLs under /drive/v3 with encoded parameters', () => {
    expect(
      driveUrl('https://www.googleapis.com/', '/files', { q: "x = 'y'", pageToken: null }),
    ).toBe('https://www.googleapis.com/drive/v3/files?q=x+%3D+%27y%27');
    expect(driveUrl('http://fake', '/about')).toBe('http://fake/drive/v3/about');
  });
});

describe('parseFolderId', () => {
  it('takes an id, or a folder address as people paste it', () => {
    expect(parseFolderId(' 1AbC-d_E ')).toBe('1AbC-d_E');
    expect(parseFolderId('https://drive.google.com/drive/folders/1AbCdE?usp=sharing')).toBe(
      '1AbCdE',
    );
    expect(parseFolderId('https://drive.google.com/drive/u/0/folders/0AXyz')).toBe('0AXyz');
    expect(parseFolderId('https://drive.google.com/open?id=1Qq')).toBe('1Qq');
    expect(parseFolderId('root')).toBe('root');
  });

  it('refuses anything else', () => {
    for (const bad of ['', "1a' or name = 'x", 'https://example.com/nothing', 'a/b'])
      expect(() => parseFolderId(bad)).toThrow(ConnectorConfigError);
  });
});

describe('fileNameFor', () => {
  it('adds the extension the parser reads by, when missing', () => {
    expect(fileNameFor('Budget', 'xlsx')).toBe('Budget.xlsx');
    expect(fileNameFor('report.PDF', 'pdf')).toBe('report.PDF');
    expect(fileNameFor('notes.md', 'txt')).toBe('notes.md.txt');
  });
});
