import { MAX_TEXT_CHARS } from './limits.js';
import { ParseError, textTooLarge } from './parse-errors.js';
import { decodeText } from './parse-txt.js';
import { type RawDocument } from './types.js';

/** Path segments written out; deeper values are listed under the cut path ("a.b.….x"). */
export const MAX_JSON_PATH_DEPTH = 16;

/**
 * .json: must be valid JSON. Its text is one `path: value` line per leaf (a string, number,
 * boolean or null), e.g. `employees[0].name: Amara Okafor`, so keys are searchable along with
 * their values. The walk uses its own stack, so deep nesting cannot overflow the call stack, and
 * paths are cut at MAX_JSON_PATH_DEPTH so a deep file cannot make every line long.
 */
export function parseJson(bytes: Uint8Array): RawDocument {
  const source = decodeText(bytes);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new ParseError(
      'CORRUPT',
      `The JSON file could not be read: it is not valid JSON${where(source, error)}.`,
      { cause: error },
    );
  }
  return {
    title: null,
    sections: [{ text: jsonLines(value).join('\n'), location: { kind: 'document', index: 1 } }],
  };
}

/** " (line 3, column 7)" from V8's "… at position 42", or nothing. */
function where(source: string, error: unknown): string {
  const position = /at position (\d+)/.exec(String(error))?.[1];
  if (position === undefined) return '';
  const before = source.slice(0, Number(position));
  const line = before.split('\n').length;
  const column = Number(position) - before.lastIndexOf('\n');
  return ` (line ${line}, column ${column})`;
}

/** Paths repeat on every line, so the text can outgrow the file: it is counted as it grows. */
export function jsonLines(root: unknown, maxChars = MAX_TEXT_CHARS): string[] {
  const lines: string[] = [];
  let chars = 0;
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (value !== null && typeof value === 'object') {
      const entries: [string, unknown][] = Array.isArray(value)
        ? value.map((item, i) => [`[${i}]`, item])
        : Object.entries(value).map(([key, item]) => [keySegment(key, path === ''), item]);
      // Pushed in reverse, so they come off the stack in document order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [segment, item] = entries[i];
        const childPath =
          depth < MAX_JSON_PATH_DEPTH ? path + segment : path.endsWith('…') ? path : `${path}.…`;
        stack.push({ value: item, path: childPath, depth: depth + 1 });
      }
      continue;
    }
    const text = String(value).replace(/[\r\n\t]+/g, ' ');
    const line = path ? `${path}: ${text}` : text;
    chars += line.length + 1;
    if (chars > maxChars) throw textTooLarge();
    lines.push(line);
  }
  return lines;
}

/** `.key`, or `["odd key"]` for a key that is not a plain word; the first without the dot. */
function keySegment(key: string, first: boolean): string {
  if (/^[\p{L}\p{N}_$-]+$/u.test(key)) return first ? key : `.${key}`;
  return `[${JSON.stringify(key)}]`;
}
