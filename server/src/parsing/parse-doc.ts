import CFB from 'cfb';
import WordExtractor from 'word-extractor';
import { encrypted } from './parse-errors.js';
import { type RawDocument } from './types.js';

/**
 * Legacy .doc (Word 97-2003) through word-extractor: body, footnotes, endnotes and text boxes.
 * Like .docx, the file keeps no page numbers, so it is one 'document' section.
 */
export async function parseDoc(bytes: Uint8Array): Promise<RawDocument> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // word-extractor would read an encrypted document as garbage: the FIB says so first
  // (fEncrypted, bit 8 of the flags at offset 0x0A of the WordDocument stream).
  const fib = CFB.find(CFB.read(buffer, { type: 'buffer' }), 'WordDocument')?.content;
  if (fib && fib.length > 0x0b && fib[0x0b] & 0x01) throw encrypted('doc');

  const document = await new WordExtractor().extract(buffer);
  const text = [
    document.getBody(),
    document.getFootnotes(),
    document.getEndnotes(),
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
  ].join('\n\n');
  return { title: null, sections: [{ text, location: { kind: 'document', index: 1 } }] };
}
