import { coreTitle, DRAWING, extractText, mainPart, relationships } from './ooxml.js';
import { type ParsedSection, type RawDocument } from './types.js';
import { SafeZip } from './zip-guard.js';

/**
 * .pptx: one section per slide in presentation order (p:sldIdLst, which need not follow the
 * slideN.xml file names), with the slide's speaker notes after its text.
 */
export function parsePptx(bytes: Uint8Array): RawDocument {
  const zip = new SafeZip(bytes, 'pptx');
  const sections: ParsedSection[] = slideParts(zip).map((slide, i) => {
    const notes = [...relationships(zip, slide).values()].find(({ type }) =>
      type.endsWith('/notesSlide'),
    );
    const text = [slide, notes?.target]
      .map((part) => (part ? zip.text(part) : null))
      .filter((xml): xml is string => xml !== null)
      .map((xml) => extractText(xml, DRAWING))
      .join('\n\n');
    return { text, location: { kind: 'slide', index: i + 1 } };
  });
  return { title: coreTitle(zip), sections };
}

function slideParts(zip: SafeZip): string[] {
  const presentation = mainPart(zip, 'ppt/presentation.xml');
  const xml = zip.text(presentation) ?? '';
  const rels = relationships(zip, presentation);
  const ordered = [...xml.matchAll(/<p:sldId\b[^>]*?\br:id="([^"]+)"/g)]
    .map(([, id]) => rels.get(id)?.target)
    .filter((part): part is string => !!part && zip.has(part));
  if (ordered.length > 0) return ordered;
  // No usable slide list: fall back to the file names' numbers.
  return zip
    .names()
    .map((name) => ({ name, n: /^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] }))
    .filter((entry): entry is { name: string; n: string } => entry.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((entry) => entry.name);
}
