import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { inline, markdownToText } from './parse-markdown.js';

const text = (source: string) => markdownToText(source).sections[0].text;

describe('markdownToText', () => {
  it('keeps headings as text and takes the first top-level one as the title', () => {
    const document = markdownToText('Intro line\n\n## Details ##\n\n# Travel policy\n\n# Second');
    expect(document.title).toBe('Travel policy');
    expect(document.sections[0].text).toBe('Intro line\n\nDetails\n\nTravel policy\n\nSecond');
  });

  it('reads Setext headings, and the front matter title when there is no top-level heading', () => {
    expect(markdownToText('Expenses\n========\n\nBody').title).toBe('Expenses');
    expect(text('Expenses\n========\n\nSub\n---\nBody')).toBe('Expenses\n\nSub\nBody');
    const front = markdownToText(
      '---\ntitle: "Remote work"\ntags: [hr]\n---\n## Hours\nCore hours.',
    );
    expect(front.title).toBe('Remote work');
    expect(front.sections[0].text).toBe('Hours\nCore hours.');
    expect(markdownToText('Just text').title).toBeNull();
  });

  it('reads links and images as their text and drops emphasis marks', () => {
    expect(
      text(
        'See [the guide](https://x.example/a_(b)) or [ref link][1], ![diagram](d.png), ' +
          '<https://lumen.example>, **bold**, __strong__, *em*, _em_ and ~~old~~ text.',
      ),
    ).toBe(
      'See the guide or ref link, diagram, https://lumen.example, bold, strong, em, em and old text.',
    );
  });

  it('leaves underscores and stars that are not emphasis', () => {
    expect(inline('snake_case_name and 2 * 3 * 4 and file_name.md')).toBe(
      'snake_case_name and 2 * 3 * 4 and file_name.md',
    );
    expect(inline('\\*not emphasis\\* and a \\[bracket\\]')).toBe('*not emphasis* and a [bracket]');
  });

  it('keeps code verbatim: spans, fenced and indented blocks', () => {
    expect(text('Run `npm run **build**` now.')).toBe('Run npm run **build** now.');
    expect(
      text(
        '```ts\nconst a = [1](2); // *x*\n```\n~~~\n# not a heading\n~~~\n\n    indented_code()',
      ),
    ).toBe('const a = [1](2); // *x*\n# not a heading\n\nindented_code()');
  });

  it('reads lists, quotes and tables plainly, without separator rows or definitions', () => {
    expect(
      text(
        [
          '* one',
          '+ two',
          '  - nested',
          '1. first',
          '- [X] done',
          '> quoted <em>text</em>',
          '',
          '| City | Rate |',
          '|:-----|-----:|',
          '| Paris | 180 |',
          '',
          '***',
          '[1]: https://example.com',
        ].join('\n'),
      ),
    ).toBe(
      '- one\n- two\n  - nested\n1. first\n- [x] done\nquoted text\n\nCity | Rate\nParis | 180\n',
    );
  });

  it('stays linear on a long line of unmatched markup', () => {
    const started = performance.now();
    inline('[a'.repeat(50_000) + '*b'.repeat(50_000) + '`'.repeat(10_000));
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('through parseDocument: a .md and a .markdown file', async () => {
    const bytes = new TextEncoder().encode('# Policy\r\n\r\nClaims within **30 days**.\r\n');
    for (const name of ['policy.md', 'policy.markdown']) {
      const document = await parseDocument(bytes, name);
      expect(document).toEqual({
        format: 'md',
        title: 'Policy',
        sections: [
          { text: 'Policy\n\nClaims within 30 days.', location: { kind: 'document', index: 1 } },
        ],
      });
    }
  });
});
