import CFB from 'cfb';
import { corrupt, encrypted } from './parse-errors.js';
import { type ParsedSection, type RawDocument } from './types.js';

/**
 * Legacy .ppt (PowerPoint 97-2003). No maintained library reads it, so this walks the record
 * tree of the "PowerPoint Document" stream ([MS-PPT]) and collects TextCharsAtom (UTF-16LE) and
 * TextBytesAtom (Latin-1) text.
 *
 * Slides are found as PowerPoint does: Current User -> the latest UserEditAtom -> persist
 * directory (chained through older edits) -> DocumentContainer -> SlideListWithText, whose
 * SlidePersistAtoms list the slides in order. A slide's text is the outline text that follows
 * its SlidePersistAtom plus the text boxes inside its SlideContainer. Masters and notes are not
 * visited, so "Click to edit the title text format" and the like stay out. When that chain is
 * damaged, SlideContainers are taken in stream order instead, and failing that all text becomes
 * one section.
 */

const RT = {
  document: 0x03e8,
  slide: 0x03ee,
  slidePersist: 0x03f3,
  slideListWithText: 0x0ff0,
  userEdit: 0x0ff5,
  persistDirectory: 0x1772,
  textChars: 0x0fa0,
  textBytes: 0x0fa8,
};
const ENCRYPTED_TOKEN = 0xf3d1c4df;

interface PptRecord {
  type: number;
  instance: number;
  container: boolean;
  start: number; // first byte of the record's body
  end: number;
}

class Stream {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  u32(at: number): number {
    if (at < 0 || at + 4 > this.bytes.length) throw new RangeError('outside the stream');
    return this.view.getUint32(at, true);
  }

  record(at: number, limit = this.bytes.length): PptRecord {
    if (at < 0 || at + 8 > limit) throw new RangeError('record outside its container');
    const verAndInstance = this.view.getUint16(at, true);
    const end = at + 8 + this.view.getUint32(at + 4, true);
    if (end > limit) throw new RangeError('record outside its container');
    return {
      type: this.view.getUint16(at + 2, true),
      instance: verAndInstance >> 4,
      container: (verAndInstance & 0xf) === 0xf,
      start: at + 8,
      end,
    };
  }

  *children(parent: { start: number; end: number }): Generator<PptRecord> {
    for (let at = parent.start; at + 8 <= parent.end;) {
      const child = this.record(at, parent.end);
      yield child;
      at = child.end;
    }
  }

  /** Text atoms anywhere below a record, in order. */
  texts(parent: PptRecord, out: string[] = []): string[] {
    for (const child of this.children(parent)) {
      if (child.container) this.texts(child, out);
      else {
        const text = this.text(child);
        if (text !== null) out.push(text);
      }
    }
    return out;
  }

  text(record: PptRecord): string | null {
    const body = this.bytes.subarray(record.start, record.end);
    if (record.type === RT.textChars) return new TextDecoder('utf-16le').decode(body);
    if (record.type === RT.textBytes) return new TextDecoder('latin1').decode(body);
    return null;
  }
}

export function parsePpt(bytes: Uint8Array): RawDocument {
  let document: Stream;
  let currentUser: Uint8Array | undefined;
  try {
    const container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
    });
    const entry = CFB.find(container, 'PowerPoint Document');
    if (!entry?.content) throw new Error('no PowerPoint Document stream');
    document = new Stream(Uint8Array.from(entry.content));
    const user = CFB.find(container, 'Current User')?.content;
    currentUser = user ? Uint8Array.from(user) : undefined;
  } catch (error) {
    throw corrupt('ppt', error);
  }
  if (
    currentUser &&
    currentUser.length >= 20 &&
    new Stream(currentUser).u32(12) === ENCRYPTED_TOKEN
  ) {
    throw encrypted('ppt');
  }

  let slides: string[][];
  try {
    slides = slidesFromPersistDirectory(document, currentUser);
  } catch {
    slides = slidesInStreamOrder(document);
  }
  const sections: ParsedSection[] = slides.map((texts, i) => ({
    text: clean(texts),
    location: { kind: 'slide', index: i + 1 },
  }));
  if (sections.length === 0) {
    sections.push({ text: clean(allTexts(document)), location: { kind: 'document', index: 1 } });
  }
  return { title: null, sections };
}

function slidesFromPersistDirectory(
  stream: Stream,
  currentUser: Uint8Array | undefined,
): string[][] {
  if (!currentUser) throw new Error('no Current User stream');
  // CurrentUserAtom: record header, size, headerToken, offsetToCurrentEdit.
  let editOffset = new Stream(currentUser).u32(16);
  const persist = new Map<number, number>();
  let documentRef = -1;
  const seen = new Set<number>();
  // Newest edit first: an object's latest offset wins.
  while (editOffset !== 0 && !seen.has(editOffset)) {
    seen.add(editOffset);
    const edit = stream.record(editOffset);
    if (edit.type !== RT.userEdit) throw new Error('not a UserEditAtom');
    if (documentRef < 0) documentRef = stream.u32(edit.start + 16);
    const directory = stream.record(stream.u32(edit.start + 12));
    if (directory.type !== RT.persistDirectory) throw new Error('not a PersistDirectoryAtom');
    for (let at = directory.start; at + 4 <= directory.end;) {
      const head = stream.u32(at);
      const [first, count] = [head & 0xfffff, head >>> 20];
      for (let k = 0; k < count; k++) {
        if (!persist.has(first + k)) persist.set(first + k, stream.u32(at + 4 + 4 * k));
      }
      at += 4 + 4 * count;
    }
    editOffset = stream.u32(edit.start + 8);
  }

  const document = stream.record(persist.get(documentRef) ?? -1);
  if (document.type !== RT.document) throw new Error('not a DocumentContainer');
  const list = [...stream.children(document)].find(
    (record) => record.type === RT.slideListWithText && record.instance === 0,
  );
  if (!list) throw new Error('no slide list');

  // Outline text follows its SlidePersistAtom in the list; it comes before the slide's own boxes.
  const slides: Array<{ outline: string[]; own: string[] }> = [];
  for (const record of stream.children(list)) {
    if (record.type === RT.slidePersist) {
      const slide = stream.record(persist.get(stream.u32(record.start)) ?? -1);
      slides.push({ outline: [], own: slide.type === RT.slide ? stream.texts(slide) : [] });
    } else {
      const text = stream.text(record);
      if (text !== null && slides.length > 0) slides[slides.length - 1].outline.push(text);
    }
  }
  if (slides.length === 0) throw new Error('no slides');
  return slides.map(({ outline, own }) => [...outline, ...own]);
}

function slidesInStreamOrder(stream: Stream): string[][] {
  const slides: string[][] = [];
  try {
    for (const record of stream.children({ start: 0, end: stream.bytes.length })) {
      if (record.type === RT.slide) slides.push(stream.texts(record));
    }
  } catch {
    // Keep the slides read before the damage.
  }
  return slides;
}

/** Every text atom in the stream, skipping what cannot be read. */
function allTexts(stream: Stream): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= stream.bytes.length;) {
    try {
      const record = stream.record(at);
      const text = stream.text(record);
      if (text !== null) out.push(text);
      at = record.container ? record.start : record.end;
    } catch {
      break;
    }
  }
  return out;
}

/** PowerPoint ends paragraphs with \r and breaks lines with \v; the outline and the slide can
 * carry the same text, so repeats are dropped. */
function clean(texts: string[]): string {
  return [...new Set(texts.map((text) => text.replace(/[\r\v]/g, '\n').trim()))].join('\n');
}
