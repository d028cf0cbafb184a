import { describe, expect, it } from 'vitest';
import { adfToText } from './adf-to-text.js';

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks && { marks }) });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ version: 1, type: 'doc', content });
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const cell = (t: string, type = 'tableCell') => ({ type, attrs: {}, content: [p(text(t))] });

describe('adfToText: blocks', () => {
  it('writes headings and paragraphs a blank line apart, marks ignored, breaks kept', () => {
    expect(
      adfToText(
        doc(
          { type: 'heading', attrs: { level: 2 }, content: [text('Impact')] },
          p(
            text('Pods ', [{ type: 'strong' }]),
            text('restart', [{ type: 'link', attrs: { href: 'https://x' } }]),
            { type: 'hardBreak' },
            text('every 5 min.'),
          ),
          { type: 'rule' },
          p(text('End')),
        ),
      ),
    ).toBe('Impact\n\nPods restart\nevery 5 min.\n\nEnd');
  });

  it('keeps code verbatim, blockquotes and panels as blocks', () => {
    expect(
      adfToText(
        doc(
          {
            type: 'codeBlock',
            attrs: { language: 'bash' },
            content: [text('if [ $n -lt 3 ] && ok; then\n  restart <api>\nfi')],
          },
          { type: 'blockquote', content: [p(text('Quoted'))] },
          { type: 'panel', attrs: { panelType: 'warning' }, content: [p(text('Careful'))] },
        ),
      ),
    ).toBe('if [ $n -lt 3 ] && ok; then\n  restart <api>\nfi\n\nQuoted\n\nCareful');
  });

  it('writes an expand as its title then its content', () => {
    expect(
      adfToText(
        doc(
          { type: 'expand', attrs: { title: 'Logs' }, content: [p(text('line 1'))] },
          { type: 'nestedExpand', attrs: {}, content: [p(text('untitled'))] },
        ),
      ),
    ).toBe('Logs\n\nline 1\n\nuntitled');
  });
});

describe('adfToText: lists', () => {
  it('writes bullet and ordered lists a line per item, ordered from attrs.order', () => {
    expect(
      adfToText(
        doc(
          p(text('Steps:')),
          { type: 'bulletList', content: [item(p(text('one'))), item(p(text('two')))] },
          {
            type: 'orderedList',
            attrs: { order: 3 },
            content: [item(p(text('third'))), item(p(text('fourth')))],
          },
          { type: 'orderedList', content: [item(p(text('first')))] },
        ),
      ),
    ).toBe('Steps:\n\n- one\n- two\n\n3. third\n4. fourth\n\n1. first');
  });

  it('indents nested lists and continuation paragraphs under the item text', () => {
    expect(
      adfToText(
        doc({
          type: 'orderedList',
          attrs: { order: 9 },
          content: [
            item(p(text('nine')), p(text('more on nine'))),
            item(p(text('ten')), {
              type: 'bulletList',
              content: [item(p(text('a')), { type: 'bulletList', content: [item(p(text('b')))] })],
            }),
          ],
        }),
      ),
    ).toBe('9. nine\n   more on nine\n10. ten\n    - a\n      - b');
  });

  it('writes tasks as checkboxes by state, nested task lists indented', () => {
    const task = (state: string, t: string) => ({
      type: 'taskItem',
      attrs: { localId: t, state },
      content: [text(t)],
    });
    expect(
      adfToText(
        doc({
          type: 'taskList',
          attrs: { localId: 'l1' },
          content: [
            task('DONE', 'Roll back'),
            { type: 'taskList', content: [task('TODO', 'Tell support')] },
            task('TODO', 'Root cause'),
          ],
        }),
      ),
    ).toBe('- [x] Roll back\n  - [ ] Tell support\n- [ ] Root cause');
  });

  it('writes decisions as list items', () => {
    expect(
      adfToText(
        doc({
          type: 'decisionList',
          content: [
            { type: 'decisionItem', attrs: { state: 'DECIDED' }, content: [text('Use Postgres')] },
            { type: 'decisionItem', attrs: { state: 'DECIDED' }, content: [text('Keep BM25')] },
          ],
        }),
      ),
    ).toBe('- Use Postgres\n- Keep BM25');
  });
});

describe('adfToText: tables and media', () => {
  it('writes a table a row a line, cells separated by " | ", cells on one line', () => {
    expect(
      adfToText(
        doc(
          p(text('Endpoints:')),
          {
            type: 'table',
            attrs: { isNumberColumnEnabled: false, layout: 'default' },
            content: [
              {
                type: 'tableRow',
                content: [cell('Env', 'tableHeader'), cell('URL', 'tableHeader')],
              },
              { type: 'tableRow', content: [cell('prod'), cell('https://x.example.com')] },
              {
                type: 'tableRow',
                content: [
                  { type: 'tableCell', content: [p(text('staging')), p(text('(eu)'))] },
                  { type: 'tableCell', content: [] },
                ],
              },
              { type: 'tableRow', content: [cell(''), cell(' ')] },
            ],
          },
          p(text('After')),
        ),
      ),
    ).toBe('Endpoints:\n\nEnv | URL\nprod | https://x.example.com\nstaging (eu) |\n\nAfter');
  });

  it('names media by alt or file name, else [attachment]', () => {
    expect(
      adfToText(
        doc(
          {
            type: 'mediaSingle',
            attrs: { layout: 'center' },
            content: [{ type: 'media', attrs: { type: 'file', id: 'a1', alt: 'graph.png' } }],
          },
          {
            type: 'mediaGroup',
            content: [
              { type: 'media', attrs: { type: 'file', id: 'b2', collection: '' } },
              { type: 'media', attrs: { type: 'file', id: 'c3', filename: 'log.txt' } },
            ],
          },
          p(text('see '), { type: 'mediaInline', attrs: { id: 'd4', name: 'trace.har' } }),
        ),
      ),
    ).toBe(
      '[attachment: graph.png]\n\n[attachment]\n[attachment: log.txt]\n\nsee [attachment: trace.har]',
    );
  });
});

describe('adfToText: inline nodes', () => {
  it('writes mentions, emoji, cards, dates and statuses as text', () => {
    expect(
      adfToText(
        doc(
          p(
            { type: 'mention', attrs: { id: '557058:1', text: '@Ada Lovelace', accessLevel: '' } },
            text(' fixed it on '),
            { type: 'date', attrs: { timestamp: '1714521600000' } },
            text(' '),
            { type: 'emoji', attrs: { shortName: ':tada:', id: '1f389', text: '🎉' } },
            { type: 'emoji', attrs: { shortName: ':custom-party:' } },
            text(' see '),
            { type: 'inlineCard', attrs: { url: 'https://status.example.com/i/42' } },
            text(' — '),
            { type: 'status', attrs: { text: 'IN REVIEW', color: 'blue', localId: 's1' } },
          ),
          { type: 'blockCard', attrs: { url: 'https://wiki.example.com/runbook' } },
        ),
      ),
    ).toBe(
      '@Ada Lovelace fixed it on 2024-05-01 🎉:custom-party: see https://status.example.com/i/42 — IN REVIEW\n\nhttps://wiki.example.com/runbook',
    );
  });

  it('takes a numeric timestamp and skips a date it cannot read', () => {
    expect(
      adfToText(
        p(
          { type: 'date', attrs: { timestamp: 1704067200000 } },
          text(' / '),
          { type: 'date', attrs: { timestamp: 'soon' } },
          { type: 'date', attrs: {} },
        ),
      ),
    ).toBe('2024-01-01 /');
  });
});

describe('adfToText: odd input', () => {
  it('walks the content of unknown node types', () => {
    expect(
      adfToText(
        doc(
          {
            type: 'layoutSection',
            content: [{ type: 'layoutColumn', content: [p(text('Left'))] }],
          },
          { type: 'somethingNew', attrs: { x: 1 }, content: [p(text('still read'))] },
          { type: 'extension', attrs: { extensionKey: 'macro' } },
          p(text('a'), { type: 'inlineThing', content: [text('b')] }, text('c')),
        ),
      ),
    ).toBe('Left\n\nstill read\n\nabc');
  });

  it('returns strings trimmed and nothing for null, undefined and non-objects', () => {
    expect(adfToText('  plain old text\n')).toBe('plain old text');
    expect(adfToText(null)).toBe('');
    expect(adfToText(undefined)).toBe('');
    expect(adfToText(42)).toBe('');
    expect(adfToText(true)).toBe('');
    expect(adfToText({ type: 'doc' })).toBe('');
    expect(adfToText(doc())).toBe('');
  });

  it('skips malformed nodes without throwing', () => {
    expect(
      adfToText({
        type: 'doc',
        content: [
          null,
          7,
          'loose',
          { type: 'paragraph', content: 'not an array' },
          { type: 'paragraph', attrs: 'weird', content: [{ type: 'text', text: 5 }, null, {}] },
          { type: 'orderedList', attrs: { order: 'x' }, content: [item(p(text('one')))] },
          { type: 'table', content: [{ type: 'tableRow' }] },
        ],
      }),
    ).toBe('5\n\n1. one');
    let deep: unknown = text('x');
    for (let i = 0; i < 100_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(adfToText(deep)).toBe('');
  });

  it('collapses blank lines and trims trailing spaces', () => {
    expect(
      adfToText(
        doc(
          p(text('a   '), { type: 'hardBreak' }, { type: 'hardBreak' }, { type: 'hardBreak' }),
          p(),
          p(text('\u00a0')),
          p(text('b')),
        ),
      ),
    ).toBe('a\n\nb');
  });
});
