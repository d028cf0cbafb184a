import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import CFB from 'cfb';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseDocument, ParseError } from './index.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/office/', import.meta.url));
const FORMATS_DIR = fileURLToPath(new URL('../../test/fixtures/formats/', import.meta.url));
const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(fs.existsSync(DIR + name) ? DIR + name : FORMATS_DIR + name));

/** The ParseError a call throws (sync or async), or fails the test. */
async function refusal(run: () => unknown): Promise<ParseError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return error as ParseError;
  }
  throw new Error('expected a ParseError, but the call succeeded');
}

const bytesOf = (head: number[] | string, size = 4096) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(typeof head === 'string' ? new TextEncoder().encode(head) : head);
  return bytes;
};
const EXECUTABLE = bytesOf([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]); // "MZ" PE header
const ELF = bytesOf([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);

describe('detectFormat', () => {
  it.each([
    ['remote-work.pdf', 'pdf'],
    ['fire-safety.doc', 'doc'],
    ['incident-runbook.docx', 'docx'],
    ['office-directory.xls', 'xls'],
    ['team-budget.xlsx', 'xlsx'],
    ['sales-kickoff.ppt', 'ppt'],
    ['product-launch.pptx', 'pptx'],
    ['expense-rules.txt', 'txt'],
    ['onboarding-guide.md', 'md'],
    ['office-supplies.csv', 'csv'],
    ['guest-wifi.html', 'html'],
    ['feature-flags.json', 'json'],
    ['parking-policy.rtf', 'rtf'],
    ['meeting-rooms.odt', 'odt'],
    ['headcount.ods', 'ods'],
    ['roadmap-review.odp', 'odp'],
  ])('recognises %s as %s, whatever the extension case', (name, format) => {
    expect(detectFormat(fixture(name), name)).toBe(format);
    expect(detectFormat(fixture(name), name.toUpperCase())).toBe(format);
  });

  it('decides from only the first 64 KB of a file, as an upload check may pass', async () => {
    const head = (bytes: Uint8Array) => bytes.subarray(0, 64 * 1024);
    // The .ppt fixtures are ~460 KB, with their OLE directory near the end.
    for (const dir of [DIR, FORMATS_DIR]) {
      for (const name of fs.readdirSync(dir).filter((f) => fs.existsSync(`${dir}${f}.q`))) {
        expect(detectFormat(head(fixture(name)), name)).toBe(name.split('.').pop());
      }
    }
    // A docx over 64 KB whose media come first: only local headers are in view.
    let seed = 7;
    const image = new Uint8Array(100_000).map(() => (seed = (seed * 48271) % 2147483647) & 0xff);
    const files = { '[Content_Types].xml': new Uint8Array(10), 'word/media/image1.png': image };
    const docx = zipSync({ ...files, 'word/document.xml': new Uint8Array(10) }, { level: 0 });
    expect(detectFormat(head(docx), 'big.docx')).toBe('docx');
    const asPdf = await refusal(() => detectFormat(head(docx), 'big.pdf'));
    expect(asPdf.message).toBe("This file's content is not a PDF (it looks like a Word document).");
    const xlsx = zipSync({ 'xl/media/image1.png': image, 'xl/workbook.xml': new Uint8Array(10) });
    const asDocx = await refusal(() => detectFormat(head(xlsx), 'big.docx'));
    expect(asDocx.message).toMatch(/it looks like an Excel workbook/);
    // Text cut inside a character is still text.
    const euros = new TextEncoder().encode('€'.repeat(30_000)); // 3 bytes each: 65,536 cuts one
    expect(detectFormat(head(euros), 'prices.txt')).toBe('txt');
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Array<number>(70_000).fill(0x41)]);
    expect(detectFormat(utf16.subarray(0, 65_535), 'notes.txt')).toBe('txt');
    // And an executable is refused from its first bytes alone.
    expect((await refusal(() => detectFormat(head(EXECUTABLE), 'a.docx'))).code).toBe(
      'CONTENT_MISMATCH',
    );
  });

  it('refuses an executable renamed report.pdf', async () => {
    const error = await refusal(() => detectFormat(EXECUTABLE, 'report.pdf'));
    expect(error.code).toBe('CONTENT_MISMATCH');
    expect(error.message).toBe("This file's content is not a PDF (it looks like an executable).");
  });

  it.each(['notes.txt', 'minutes.docx', 'budget.xls'])(
    'refuses an ELF binary named %s',
    async (name) => {
      const error = await refusal(() => detectFormat(ELF, name));
      expect(error.code).toBe('CONTENT_MISMATCH');
      expect(error.message).toMatch(/executable/);
    },
  );

  it('refuses a .docx renamed .pdf, saying what it is', async () => {
    const error = await refusal(() =>
      detectFormat(fixture('incident-runbook.docx'), 'runbook.pdf'),
    );
    expect(error.code).toBe('CONTENT_MISMATCH');
    expect(error.message).toBe("This file's content is not a PDF (it looks like a Word document).");
  });

  it('refuses Office files of another family and zips that are not Office files', async () => {
    const xlsxAsDocx = await refusal(() => detectFormat(fixture('team-budget.xlsx'), 'a.docx'));
    expect(xlsxAsDocx.message).toMatch(/not a Word document \(it looks like an Excel workbook\)/);
    const docAsPpt = await refusal(() => detectFormat(fixture('fire-safety.doc'), 'a.ppt'));
    expect(docAsPpt.message).toMatch(
      /not a PowerPoint presentation \(it looks like a Word document\)/,
    );
    const zip = zipSync({ 'photo.jpg': new Uint8Array(10) });
    const plainZip = await refusal(() => detectFormat(zip, 'a.docx'));
    expect(plainZip.code).toBe('CONTENT_MISMATCH');
    expect(plainZip.message).toMatch(/zip archive/);
    const textAsPdf = await refusal(() => detectFormat(fixture('expense-rules.txt'), 'a.pdf'));
    expect(textAsPdf.message).toMatch(/not a PDF \(it looks like plain text\)/);
  });

  it('accepts a legacy/modern swap within one Office family and parses it by content', async () => {
    expect(detectFormat(fixture('fire-safety.doc'), 'fire-safety.docx')).toBe('doc');
    expect(detectFormat(fixture('team-budget.xlsx'), 'team-budget.xls')).toBe('xlsx');
    const document = await parseDocument(fixture('sales-kickoff.ppt'), 'sales-kickoff.pptx');
    expect(document.format).toBe('ppt');
    expect(document.sections[0].text).toContain('Banff');
  });

  it.each(['setup.exe', 'report.pdf.exe', 'archive.zip', 'page.xhtml', 'README', '.pdf'])(
    'refuses the extension of %s',
    async (name) => {
      const error = await refusal(() => detectFormat(fixture('remote-work.pdf'), name));
      expect(error.code).toBe('UNSUPPORTED_TYPE');
      expect(error.message).toMatch(/not supported\. Upload a PDF, Word, Excel, PowerPoint/);
    },
  );

  it('refuses a .txt holding NUL bytes or other binary data', async () => {
    const withNul = new TextEncoder().encode('hello\0world, this is not text');
    expect((await refusal(() => detectFormat(withNul, 'notes.txt'))).code).toBe('CONTENT_MISMATCH');
    const controls = new Uint8Array(200).map((_, i) => (i % 3 === 0 ? 0x01 : 0x41));
    const error = await refusal(() => parseDocument(controls, 'notes.txt'));
    expect(error.code).toBe('CONTENT_MISMATCH');
    expect(error.message).toBe(
      "This file's content is not a text file (it looks like binary data).",
    );
  });

  it.each([
    ['supplies.csv', 'a CSV file'],
    ['notes.md', 'a Markdown file'],
    ['page.html', 'an HTML page'],
    ['flags.json', 'a JSON file'],
  ])('refuses binary content named %s, naming what it should be', async (name, label) => {
    const binary = new Uint8Array(300).map((_, i) => (i * 7) % 256);
    const error = await refusal(() => detectFormat(binary, name));
    expect(error.code).toBe('CONTENT_MISMATCH');
    expect(error.message).toBe(`This file's content is not ${label} (it looks like binary data).`);
    const nul = await refusal(() => detectFormat(new TextEncoder().encode('a,b\0'), name));
    expect(nul.code).toBe('CONTENT_MISMATCH');
    const pdf = await refusal(() => detectFormat(fixture('remote-work.pdf'), name));
    expect(pdf.message).toBe(`This file's content is not ${label} (it looks like a PDF).`);
    const zip = await refusal(() => detectFormat(fixture('headcount.ods'), name));
    expect(zip.message).toMatch(/it looks like an OpenDocument spreadsheet/);
  });

  it('reads any text as the text format its extension names, short files included', () => {
    const markdown = new TextEncoder().encode('# Notes\n\nNothing but text.');
    for (const [name, format] of [
      ['a.md', 'md'],
      ['a.markdown', 'md'],
      ['a.csv', 'csv'],
      ['a.htm', 'html'],
      ['a.json', 'json'],
      ['a.txt', 'txt'],
    ]) {
      expect(detectFormat(markdown, name)).toBe(format);
    }
    expect(detectFormat(new TextEncoder().encode('a,b\n1'), 'tiny.csv')).toBe('csv');
  });

  it('takes RTF only when it starts {\\rtf, and as a Word file under a Word name', async () => {
    const notRtf = await refusal(() => detectFormat(fixture('expense-rules.txt'), 'policy.rtf'));
    expect(notRtf.code).toBe('CONTENT_MISMATCH');
    expect(notRtf.message).toBe(
      "This file's content is not an RTF document (it looks like plain text).",
    );
    // Word saves RTF named .doc, and opens it: so do we. Named .txt it is still refused.
    expect(detectFormat(fixture('parking-policy.rtf'), 'parking.doc')).toBe('rtf');
    const asText = await refusal(() => detectFormat(fixture('parking-policy.rtf'), 'parking.txt'));
    expect(asText.message).toBe(
      "This file's content is not a text file (it looks like an RTF document).",
    );
    expect(detectFormat(fixture('fire-safety.doc'), 'fire-safety.rtf')).toBe('doc');
    const exe = await refusal(() => detectFormat(EXECUTABLE, 'policy.rtf'));
    expect(exe.message).toMatch(/it looks like an executable/);
  });

  it('tells OpenDocument files by their mimetype entry, and from Office files', async () => {
    const odtAsDocx = await refusal(() => detectFormat(fixture('meeting-rooms.odt'), 'rooms.docx'));
    expect(odtAsDocx.message).toBe(
      "This file's content is not a Word document (it looks like an OpenDocument text).",
    );
    const docxAsOdt = await refusal(() =>
      detectFormat(fixture('incident-runbook.docx'), 'runbook.odt'),
    );
    expect(docxAsOdt.message).toBe(
      "This file's content is not an OpenDocument text (it looks like a Word document).",
    );
    const odsAsOdp = await refusal(() => detectFormat(fixture('headcount.ods'), 'headcount.odp'));
    expect(odsAsOdp.message).toMatch(
      /not an OpenDocument presentation \(it looks like an OpenDocument spreadsheet\)/,
    );
    const mime = (type: string) => new TextEncoder().encode(type);
    // A drawing is OpenDocument, but not one of ours.
    const drawing = zipSync(
      { mimetype: [mime('application/vnd.oasis.opendocument.graphics'), { level: 0 }] },
      {},
    );
    expect((await refusal(() => detectFormat(drawing, 'sketch.odt'))).message).toMatch(
      /it looks like another kind of OpenDocument file/,
    );
    // A template is read as its document kind.
    const template = zipSync({
      mimetype: [mime('application/vnd.oasis.opendocument.text-template'), { level: 0 }],
    });
    expect(detectFormat(template, 'letter.odt')).toBe('odt');
    // Without a leading mimetype entry, the manifest's root entry says what the package is.
    const manifestOnly = zipSync({
      'content.xml': mime('<office:document-content/>'),
      'META-INF/manifest.xml': mime(
        '<manifest:manifest><manifest:file-entry manifest:full-path="/" ' +
          'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>',
      ),
    });
    expect(detectFormat(manifestOnly, 'sheet.ods')).toBe('ods');
    const plainZip = zipSync({ 'content.xml': mime('<x/>') });
    expect((await refusal(() => detectFormat(plainZip, 'a.odt'))).message).toMatch(/zip archive/);
  });

  it('refuses a password-protected docx (an OLE file holding the encrypted package)', async () => {
    const ole = CFB.utils.cfb_new();
    CFB.utils.cfb_add(ole, 'EncryptionInfo', Buffer.alloc(64));
    CFB.utils.cfb_add(ole, 'EncryptedPackage', Buffer.alloc(4096));
    const bytes = new Uint8Array(CFB.write(ole, { type: 'buffer' }) as Buffer);
    const error = await refusal(() => detectFormat(bytes, 'secret.docx'));
    expect(error.code).toBe('ENCRYPTED');
    expect(error.message).toMatch(/password-protected/);
  });
});

describe('text files', () => {
  const parseText = async (bytes: number[] | Uint8Array) =>
    (await parseDocument(Uint8Array.from(bytes), 'notes.txt')).sections[0].text;

  it('strips a UTF-8 BOM and decodes UTF-16 with a BOM', async () => {
    expect(await parseText([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Café au lait')])).toBe(
      'Café au lait',
    );
    const utf16le = [0xff, 0xfe, ...[...'Zoë'].flatMap((c) => [c.charCodeAt(0), 0])];
    expect(await parseText(utf16le)).toBe('Zoë');
    const utf16be = [0xfe, 0xff, ...[...'Zoë'].flatMap((c) => [0, c.charCodeAt(0)])];
    expect(await parseText(utf16be)).toBe('Zoë');
  });

  it('reads Windows-1252 text that is not valid UTF-8', async () => {
    expect(await parseText([...new TextEncoder().encode('Montr'), 0xe9, 0x61, 0x6c])).toBe(
      'Montréal',
    );
    // 0x80-0x9F are punctuation in Windows-1252, not control characters (as Node 20 reads them).
    expect(await parseText([0x93, 0x41, 0x94, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0x99])).toBe(
      '“A” €5 – ™',
    );
  });

  it('normalises line endings and runaway whitespace, keeping paragraph breaks', async () => {
    const text = 'Title  \r\n\r\n\r\n\r\nFirst   line\twith tab\r\nsecond\u00a0\u00a0line   \n\n\n';
    expect(await parseText(new TextEncoder().encode(text))).toBe(
      'Title\n\nFirst line\twith tab\nsecond line',
    );
  });

  it('fails an empty or blank file as EMPTY', async () => {
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode(' \n\t\n ')]) {
      const error = await refusal(() => parseDocument(bytes, 'blank.txt'));
      expect(error.code).toBe('EMPTY');
      expect(error.message).toMatch(/No text was found/);
    }
  });
});

describe('damaged files', () => {
  it('fails a truncated PDF as CORRUPT with a message', async () => {
    const pdf = fixture('remote-work.pdf');
    for (const length of [64, Math.floor(pdf.length / 2), pdf.length - 200]) {
      const error = await refusal(() => parseDocument(pdf.subarray(0, length), 'remote-work.pdf'));
      expect(error.code).toBe('CORRUPT');
      expect(error.message).toBe('The PDF could not be read: it looks damaged.');
    }
  });

  it('fails random bytes after a zip or OLE header as CORRUPT', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    const noise = (header: number[]) => {
      const bytes = new Uint8Array(20_000).map(random);
      bytes.set(header);
      return bytes;
    };
    const zip = await refusal(() => parseDocument(noise([0x50, 0x4b, 0x03, 0x04]), 'x.docx'));
    expect([zip.code, zip.message]).toEqual([
      'CORRUPT',
      'The Word document could not be read: it looks damaged.',
    ]);
    // Named as a PDF or text file, the same bytes are simply not what they claim.
    const asPdf = await refusal(() => parseDocument(noise([0x50, 0x4b, 0x03, 0x04]), 'x.pdf'));
    expect([asPdf.code, asPdf.message]).toEqual([
      'CONTENT_MISMATCH',
      "This file's content is not a PDF (it looks like a zip archive).",
    ]);
    const ole = noise([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect((await refusal(() => parseDocument(ole, 'x.txt'))).code).toBe('CONTENT_MISMATCH');
    for (const name of ['x.doc', 'x.xls', 'x.ppt']) {
      expect((await refusal(() => parseDocument(ole, name))).code).toBe('CORRUPT');
    }
  });

  it('fails a truncated xlsx, pptx, doc, odt, ods and odp as CORRUPT', async () => {
    for (const name of [
      'team-budget.xlsx',
      'product-launch.pptx',
      'fire-safety.doc',
      'meeting-rooms.odt',
      'headcount.ods',
      'roadmap-review.odp',
    ]) {
      const bytes = fixture(name);
      const error = await refusal(() => parseDocument(bytes.subarray(0, bytes.length - 100), name));
      expect(error.code).toBe('CORRUPT');
    }
  });

  it('reads a .ppt whose Current User stream is damaged, from the slides in stream order', async () => {
    const ole = CFB.read(Buffer.from(fixture('quarterly-review.ppt')), { type: 'buffer' });
    const currentUser = CFB.find(ole, 'Current User')!;
    currentUser.content = Buffer.alloc(currentUser.content.length, 0xee);
    const bytes = new Uint8Array(CFB.write(ole, { type: 'buffer' }) as Buffer);
    const document = await parseDocument(bytes, 'quarterly-review.ppt');
    expect(document.sections.map((s) => [s.location.index, s.text.split('\n')[0]])).toEqual([
      [1, 'Agenda'],
      [2, 'Hiring'],
      [3, 'Budget'],
    ]);
  });

  it('refuses files over the size limit before reading them', async () => {
    const { MAX_INPUT_BYTES } = await import('./index.js');
    const error = await refusal(() =>
      parseDocument(new Uint8Array(MAX_INPUT_BYTES + 1), 'big.pdf'),
    );
    expect(error.code).toBe('TOO_LARGE');
  });
});
