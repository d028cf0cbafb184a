import { Inflate } from 'fflate';
import { ZIP_LIMITS, type ZipLimits } from './limits.js';
import { corrupt, encrypted, ParseError } from './parse-errors.js';
import { type FileFormat } from './types.js';

/**
 * A zip reader for docx/xlsx/pptx that refuses zip bombs. The central directory is checked
 * before anything is inflated (entry count, declared total size, compression ratio), and the
 * limits are enforced again while inflating, because declared sizes can lie.
 */

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes fed to the inflater at a time: DEFLATE expands at most ~1032:1, so one
 * push yields at most ~8 MB before the limits are checked again. */
const INFLATE_CHUNK = 8 * 1024;

export function zipBomb(): ParseError {
  return new ParseError(
    'ZIP_BOMB',
    'This file expands to far more data than its size allows; it was refused.',
  );
}

export class SafeZip {
  private readonly entries = new Map<string, ZipEntry>();
  private inflated = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly format: FileFormat,
    private readonly limits: ZipLimits = ZIP_LIMITS,
  ) {
    for (const entry of readDirectory(bytes, format, limits)) {
      if (!this.entries.has(entry.name)) this.entries.set(entry.name, entry);
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, or null when there is no such entry. */
  read(name: string): Uint8Array | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.flags & 1) throw encrypted(this.format);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL) {
      throw corrupt(this.format);
    }
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) throw corrupt(this.format);
    const data = this.bytes.subarray(start, end);

    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw corrupt(this.format);
      this.count(entry.size, entry.size, entry.size);
      return data;
    }
    if (entry.method !== 8) throw corrupt(this.format);
    return this.inflate(data, entry.size);
  }

  /** The entry decoded as UTF-8 (or UTF-16 with a BOM), or null when there is no such entry. */
  text(name: string): string | null {
    const data = this.read(name);
    if (!data) return null;
    if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
    if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
    return new TextDecoder('utf-8').decode(data);
  }

  /** Inflate every entry (discarding the output) so that another zip reader, which has no
   * limits of its own, can be given the file safely. */
  verifyAll(): void {
    for (const name of this.entries.keys()) this.read(name);
  }

  private inflate(data: Uint8Array, declared: number): Uint8Array {
    const chunks: Uint8Array[] = [];
    let produced = 0;
    const inflater = new Inflate((chunk) => {
      produced += chunk.length;
      this.count(chunk.length, produced, declared);
      chunks.push(chunk);
    });
    try {
      for (let i = 0; i < data.length || i === 0; i += INFLATE_CHUNK) {
        inflater.push(data.subarray(i, i + INFLATE_CHUNK), i + INFLATE_CHUNK >= data.length);
      }
    } catch (error) {
      if (error instanceof ParseError) throw error;
      throw corrupt(this.format, error);
    }
    const out = new Uint8Array(produced);
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  /** An entry that inflates past its declared size, or a zip past the total limit, is a bomb. */
  private count(added: number, entrySoFar: number, declared: number): void {
    this.inflated += added;
    if (entrySoFar > declared || this.inflated > this.limits.maxTotalBytes) throw zipBomb();
  }
}

function readDirectory(bytes: Uint8Array, format: FileFormat, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const fail = () => corrupt(format);

  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw fail();
  let count = u16(eocd + 10);
  let cdSize = u32(eocd + 12);
  let cdOffset = u32(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    // Zip64: the real values are in the zip64 end record, found through its locator.
    const locator = eocd - 20;
    if (locator < 0 || u32(locator) !== ZIP64_LOCATOR) throw fail();
    const record = u64(locator + 8);
    if (record + 56 > bytes.length || u32(record) !== ZIP64_EOCD) throw fail();
    count = u64(record + 32);
    cdSize = u64(record + 40);
    cdOffset = u64(record + 48);
  }
  if (count > limits.maxEntries) throw zipBomb();
  if (cdOffset + cdSize > bytes.length) throw fail();

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw fail();
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const next = at + 46 + nameLength + extraLength + u16(at + 32);
    if (next > bytes.length) throw fail();
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: u16(at + 8),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localOffset: u32(at + 42),
    };
    readZip64Extra(view, at + 46 + nameLength, extraLength, entry);
    total += entry.size;
    const ratioTooHigh =
      entry.size > limits.ratioCheckAboveBytes &&
      entry.size > entry.compressedSize * limits.maxRatio;
    if (total > limits.maxTotalBytes || ratioTooHigh) throw zipBomb();
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Sizes and offset of 0xFFFFFFFF mean "see the zip64 extra field", in this order. */
function readZip64Extra(view: DataView, start: number, length: number, entry: ZipEntry): void {
  const fields = (['size', 'compressedSize', 'localOffset'] as const).filter(
    (key) => entry[key] === 0xffffffff,
  );
  if (fields.length === 0) return;
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      fields.forEach((key, i) => {
        if (at + 4 + i * 8 + 8 <= start + length) {
          entry[key] = Number(view.getBigUint64(at + 4 + i * 8, true));
        }
      });
      return;
    }
    at += 4 + size;
  }
}

/**
 * Names of the entries whose local headers lie within `bytes`, read from the front. For content
 * sniffing when only the start of a file is at hand (the central directory is at its end).
 */
export function leadingEntryNames(bytes: Uint8Array, max = 100): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  for (let at = 0; at + 30 <= bytes.length && names.length < max;) {
    if (view.getUint32(at, true) !== LOCAL) break;
    const nameLength = view.getUint16(at + 26, true);
    const compressedSize = view.getUint32(at + 18, true);
    names.push(new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    // With a data descriptor (flag bit 3) the size is unknown here: the next header cannot be found.
    if (view.getUint16(at + 6, true) & 8 && compressedSize === 0) break;
    at += 30 + nameLength + view.getUint16(at + 28, true) + compressedSize;
  }
  return names;
}
