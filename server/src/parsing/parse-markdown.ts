import { decodeText } from './parse-txt.js';
import { type RawDocument } from './types.js';

/**
 * .md / .markdown: the text with its markup stripped lightly, line by line. Headings stay as
 * their text, links and images read as their text, emphasis and inline code lose their marks,
 * fenced and indented code is kept verbatim, table rows read as "a | b", list markers stay.
 * The title is the first top-level heading (`# Title` or Setext `Title\n===`), else the front
 * matter's `title:`.
 */
export function parseMarkdown(bytes: Uint8Array): RawDocument {
  return markdownToText(decodeText(bytes));
}

export function markdownToText(source: string): RawDocument {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let title: string | null = null;
  let start = 0;

  // YAML front matter: metadata, not text; its title is the fallback title.
  let frontTitle: string | null = null;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line));
    if (end > 0) {
      for (const line of lines.slice(1, end)) {
        const match = /^title:\s*(.+?)\s*$/i.exec(line);
        if (match) frontTitle = match[1].replace(/^(["'])(.*)\1$/, '$2');
      }
      start = end + 1;
    }
  }

  const out: string[] = [];
  let fence: string | null = null;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (fence !== null) {
      if (line.trim().startsWith(fence) && /^\s*(`{3,}|~{3,})\s*$/.test(line)) fence = null;
      else out.push(line);
      continue;
    }
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (opening) {
      fence = opening[1];
      continue;
    }
    const next = lines[i + 1];
    // Setext heading: a line underlined with === (level 1) or --- (level 2).
    if (line.trim() && next !== undefined && /^\s{0,3}(=+|-+)\s*$/.test(next)) {
      if (!/^\s{0,3}([-*+]\s|>|#)/.test(line)) {
        const text = inline(line.trim());
        if (next.trim()[0] === '=' && title === null) title = text;
        out.push(text);
        i++;
        continue;
      }
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const text = inline(heading[2]);
      if (heading[1].length === 1 && title === null) title = text;
      out.push(text);
      continue;
    }
    // Thematic breaks and reference definitions are not text.
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    if (/^\s{0,3}\[[^\]]+\]:\s*\S+/.test(line)) continue;
    // Table separator rows (|---|:---:|).
    if (/^[\s|:-]+$/.test(line) && line.includes('|') && line.includes('--')) continue;
    out.push(blockLine(line));
  }
  return {
    title: title || frontTitle,
    sections: [{ text: out.join('\n'), location: { kind: 'document', index: 1 } }],
  };
}

/** One line of a paragraph, list, quote or table. */
function blockLine(line: string): string {
  // Indented code (four spaces) is kept as it is.
  if (/^( {4}|\t)/.test(line) && line.trim()) return line.trim();
  let text = line.replace(/^\s{0,3}(>\s?)+/, '');
  // Bullets read as "- item"; task boxes as "[x]"; numbered items keep their number.
  text = text.replace(
    /^(\s*)[*+-]\s+(\[[ xX]\]\s+)?/,
    (_, indent: string, box?: string) => `${indent}- ${box ? `${box.trim().toLowerCase()} ` : ''}`,
  );
  if (/^\s*\|.*\|\s*$/.test(text)) {
    // A table row: cells separated by " | ".
    text = text
      .trim()
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim())
      .join(' | ');
  }
  return inline(text);
}

const ESCAPABLE = /\\([\\`*_{}[\]()#+\-.!|~<>"'])/g;

/**
 * Inline markup off: code spans, images, links, autolinks, emphasis, HTML tags, escapes. Every
 * span is bounded (1,000 characters), so a long line of unmatched brackets or stars stays linear.
 */
export function inline(text: string): string {
  // Code spans and escaped characters first, so nothing in them is taken for markup: held
  // aside as numbered NUL-delimited placeholders (text has no NULs), put back last.
  const held: string[] = [];
  const hold = (literal: string) => `\u0000${held.push(literal) - 1}\u0000`;
  let out = text
    .replace(/(`+)([^`][\s\S]{0,1000}?)\1/g, (_, _ticks: string, body: string) => hold(body.trim()))
    .replace(ESCAPABLE, (_, char: string) => hold(char));
  out = out
    .replace(/!\[([^\]]{0,1000})\]\([^)]{0,1000}\)/g, '$1')
    .replace(/!\[([^\]]{0,1000})\]\[[^\]]{0,1000}\]/g, '$1')
    .replace(/\[([^\]]{1,1000})\]\((?:[^()]|\([^()]{0,1000}\)){0,1000}\)/g, '$1')
    .replace(/\[([^\]]{1,1000})\]\[[^\]]{0,1000}\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]{1,1000})>/gi, '$1')
    .replace(/<\/?[a-zA-Z][^<>]{0,1000}>/g, '')
    .replace(/(\*\*|__)(?=\S)(.{1,1000}?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)(.{1,1000}?)(?<=\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w])_(?=\S)(.{1,1000}?)(?<=\S)_(?!\w)/g, '$1$2')
    .replace(/~~(?=\S)(.{1,1000}?)(?<=\S)~~/g, '$1');
  // eslint-disable-next-line no-control-regex -- the placeholders' NULs
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => held[Number(i)]);
}
