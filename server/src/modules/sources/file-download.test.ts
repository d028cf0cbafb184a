import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './file-download.js';

describe('attachmentHeader', () => {
  it('keeps a plain name as it is, in both forms', () => {
    expect(attachmentHeader('report-2024_v2.pdf')).toBe(
      `attachment; filename="report-2024_v2.pdf"; filename*=UTF-8''report-2024_v2.pdf`,
    );
  });

  it('gives any script an ASCII fallback and the real name in RFC 5987 form', () => {
    expect(attachmentHeader('日本語.txt')).toBe(
      `attachment; filename="___.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt`,
    );
    expect(attachmentHeader('Café.docx')).toContain('filename="Cafe.docx"');
  });

  it('lets no quote, backslash, semicolon or line break out of the header value', () => {
    const header = attachmentHeader('a"b\\c;d\r\ne\'(f)*.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c_d__e'(f)*.txt"; filename*=UTF-8''a%22b%5Cc%3Bd%0D%0Ae%27%28f%29%2A.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
