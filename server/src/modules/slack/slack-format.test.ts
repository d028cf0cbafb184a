import { describe, expect, it } from 'vitest';
import { SECTION_CHARS, splitText, toMrkdwn } from './slack-format.js';
import { answerMessages, MAX_BLOCKS } from './slack-messages.js';
import { questionText } from './slack-answers.js';

const urls = (n: number) => (n <= 2 ? `https://wiki.example.com/page-${n}` : null);

describe('toMrkdwn', () => {
  it('turns Markdown into Slack mrkdwn and citations into links', () => {
    const md = [
      '## Runbook',
      'Page **the on-call** engineer, see [the wiki](https://wiki.example.com/x) [1].',
      '- first *step* [2]',
      '- second step [1, 2] and [3]',
      'Keep `a < b` & `**raw**` as code.',
    ].join('\n');
    expect(toMrkdwn(md, urls)).toBe(
      [
        '*Runbook*',
        'Page *the on-call* engineer, see <https://wiki.example.com/x|the wiki> <https://wiki.example.com/page-1|[1]>.',
        '• first _step_ <https://wiki.example.com/page-2|[2]>',
        '• second step <https://wiki.example.com/page-1|[1]><https://wiki.example.com/page-2|[2]> and [3]',
        'Keep `a &lt; b` &amp; `**raw**` as code.',
      ].join('\n'),
    );
  });

  it('escapes Slack’s control characters in the text', () => {
    expect(toMrkdwn('<!channel> & <@U1>', () => null)).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt;');
  });
});

describe('splitText', () => {
  it('cuts long text at breaks, within the limit, losing nothing', () => {
    const para = 'word '.repeat(400).trim(); // 1,999 characters
    const text = [
      para,
      para,
      `${'x'.repeat(7000)}`,
      'end <https://a.example/b|a linked label>',
    ].join('\n\n');
    const pieces = splitText(text);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(SECTION_CHARS);
    expect(pieces.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    expect(pieces.at(-1)).toContain('<https://a.example/b|a linked label>');
  });

  it('never cuts inside a link', () => {
    const link = `<https://a.example/${'p'.repeat(40)}|a label with spaces>`;
    const text = `${'a '.repeat(1480)}${link} tail`;
    const pieces = splitText(text);
    expect(pieces.some((p) => p.includes(link))).toBe(true);
  });
});

describe('answerMessages', () => {
  it('keeps to 50 blocks a message, the buttons in the last', () => {
    const answer = Array.from({ length: 120 }, (_, i) => `${'Sentence. '.repeat(280)}${i}`).join(
      '\n\n',
    );
    const messages = answerMessages(
      { answer, found: true, sources: [], related: [], notice: null, turnId: 't1' },
      'https://lumen.example.com',
    );
    expect(messages.length).toBeGreaterThan(2);
    for (const m of messages) expect(m.blocks.length).toBeLessThanOrEqual(MAX_BLOCKS);
    expect(messages.at(-1)!.blocks.at(-1)).toMatchObject({ type: 'actions' });
    const shown = messages.flatMap((m) => m.blocks).filter((b) => b.type === 'section');
    expect(
      shown
        .map((b: any) => b.text.text)
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(answer.replace(/\s+/g, ''));
  });
});

describe('questionText', () => {
  it('reads mentions and Slack links as words', () => {
    expect(
      questionText(
        '<@U0LUMEN> what about <#C1|ops> and <https://x.example|the doc> &amp; <@U2|ann>?',
        'U0LUMEN',
      ),
    ).toBe('what about #ops and the doc (https://x.example) & @ann?');
  });
});
