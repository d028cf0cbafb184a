import { type SafeZip } from './zip-guard.js';

/**
 * Just enough XML for Office Open XML text: a tokenizer over tags and text, no DOM, so a large
 * part costs one pass and no tree. The parts come from the (guarded) zip.
 */

/** Comments, CDATA, processing instructions and doctypes, tags (closing, name, self-closing), text. */
export const XML_TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][^>]*>|<(\/?)([^\s/>]+)(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>|([^<]+)/g;

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

export interface TextVocabulary {
  /** Element whose character data is text (w:t, a:t). */
  text: string;
  /** Paragraph element: ends a line. */
  paragraph: string;
  /** Line breaks (w:br, a:br). */
  breaks: string[];
  /** Tab characters (w:tab inside a run). */
  tabs: string[];
  /** Table cell and row: cells are joined with tabs, rows end a line. */
  cell: string;
  row: string;
  /** Elements whose content is never text we want (properties, fallbacks that repeat content). */
  skip: string[];
}

export const WORD: TextVocabulary = {
  text: 'w:t',
  paragraph: 'w:p',
  breaks: ['w:br', 'w:cr'],
  tabs: ['w:tab', 'w:ptab'],
  cell: 'w:tc',
  row: 'w:tr',
  // w:pPr holds tab stop definitions (also named w:tab); mc:Fallback repeats mc:Choice content.
  skip: ['w:pPr', 'w:rPr', 'mc:Fallback', 'w:instrText', 'w:delText'],
};

export const DRAWING: TextVocabulary = {
  text: 'a:t',
  paragraph: 'a:p',
  breaks: ['a:br'],
  tabs: [],
  cell: 'a:tc',
  row: 'a:tr',
  // a:fld is a slide number or date field, noise in notes.
  skip: ['a:pPr', 'a:rPr', 'mc:Fallback', 'a:fld'],
};

/** Text of an XML part: one line per paragraph, table cells separated by tabs. */
export function extractText(xml: string, vocabulary: TextVocabulary): string {
  const skip = new Set(vocabulary.skip);
  const breaks = new Set(vocabulary.breaks);
  const tabs = new Set(vocabulary.tabs);
  const out: string[] = [];
  let inText = false;
  let skipDepth = 0;
  let cellDepth = 0;

  for (const match of xml.matchAll(XML_TOKEN)) {
    const [, cdata, closing, name, selfClosing, chars] = match;
    if (chars !== undefined || cdata !== undefined) {
      if (inText && skipDepth === 0) out.push(cdata ?? decodeEntities(chars));
      continue;
    }
    if (name === undefined) continue; // comment, processing instruction, doctype
    if (skip.has(name)) {
      if (!selfClosing) skipDepth += closing ? -1 : 1;
      continue;
    }
    if (skipDepth > 0) continue;
    if (name === vocabulary.text) inText = !closing && !selfClosing;
    else if (name === vocabulary.paragraph && (closing || selfClosing)) {
      out.push(cellDepth > 0 ? ' ' : '\n');
    } else if (name === vocabulary.cell && !selfClosing) {
      cellDepth += closing ? -1 : 1;
      if (closing) out.push('\t');
    } else if (name === vocabulary.row && closing) out.push('\n');
    else if (!closing && breaks.has(name)) out.push('\n');
    else if (!closing && tabs.has(name)) out.push('\t');
  }
  return out.join('');
}

/** dc:title from docProps/core.xml, or null when absent or blank. */
export function coreTitle(zip: SafeZip): string | null {
  const xml = zip.text('docProps/core.xml');
  const match = xml && /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xml);
  const title = match ? decodeEntities(match[1]).trim() : '';
  return title || null;
}

/** Relationship id -> { target part path, type } for a part ('' for the package), from its
 * .rels file. */
export function relationships(
  zip: SafeZip,
  part: string,
): Map<string, { target: string; type: string }> {
  const slash = part.lastIndexOf('/');
  const dir = part.slice(0, slash + 1);
  const xml = zip.text(`${dir}_rels/${part.slice(slash + 1)}.rels`) ?? '';
  const result = new Map<string, { target: string; type: string }>();
  for (const [element] of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const attribute = (key: string) => new RegExp(`\\b${key}="([^"]*)"`).exec(element)?.[1] ?? '';
    if (attribute('TargetMode') === 'External') continue;
    result.set(attribute('Id'), {
      target: resolvePath(dir, decodeEntities(attribute('Target'))),
      type: attribute('Type'),
    });
  }
  return result;
}

function resolvePath(dir: string, target: string): string {
  const parts = target.startsWith('/') ? [] : dir.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** The main part a package's root relationships point to, e.g. word/document.xml. */
export function mainPart(zip: SafeZip, fallback: string): string {
  for (const { target, type } of relationships(zip, '').values()) {
    if (type.endsWith('/officeDocument') && zip.has(target)) return target;
  }
  return fallback;
}
