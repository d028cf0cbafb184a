import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { corrupt, encrypted } from './parse-errors.js';
import { type ParsedSection, type RawDocument } from './types.js';

type PdfJs = typeof PdfJsModule;

/** pdf.js's own data files (CMaps for CJK text, standard font metrics), read from disk. */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// A variable specifier: the worker build ships no type declarations.
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js's Node ("legacy") build. With globalThis.pdfjsWorker set, pdf.js runs its parser on
 * this thread instead of spawning or fetching a worker script: isolation is parseInWorker's job.
 */
function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import(PDFJS_WORKER) as Promise<unknown>,
  ]).then(([pdfjs, worker]) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return pdfjs;
  });
  return loading;
}

/** One section per page; pages without text are dropped later, keeping the others' numbers. */
export async function parsePdf(bytes: Uint8Array): Promise<RawDocument> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes.slice(), // pdf.js may detach what it is given
    isEvalSupported: false, // never compile code from the file (CVE-2024-4367)
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    cMapUrl: `${PDFJS_DIR}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const sections: ParsedSection[] = [];
    for (let index = 1; index <= document.numPages; index++) {
      const page = await document.getPage(index);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      sections.push({ text, location: { kind: 'page', index } });
      page.cleanup();
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: unknown } };
    const title = typeof info.Title === 'string' ? info.Title.trim() || null : null;
    return { title, sections };
  } catch (error) {
    if ((error as { name?: string })?.name === 'PasswordException') throw encrypted('pdf');
    throw corrupt('pdf', error);
  } finally {
    await task.destroy();
  }
}
