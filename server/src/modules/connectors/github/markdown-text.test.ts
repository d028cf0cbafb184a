import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text.js';

describe('markdownToText', () => {
  it('drops HTML comments and images but keeps their alt text and the prose', () => {
    const md = [
      '<!-- Please describe the bug -->',
      '## Steps',
      '',
      '1. Open the ![settings icon](https://x.test/a.png) settings',
      '![][logo]',
      '<img src="https://x.test/b.png" width="200">',
      '',
      '',
      '',
      'See [the docs](https://x.test/docs) <!-- multi',
      'line -->for more.',
    ].join('\r\n');
    expect(markdownToText(md)).toBe(
      '## Steps\n\n1. Open the settings icon settings\n\nSee [the docs](https://x.test/docs) for more.',
    );
  });

  it('answers empty text for nothing', () => {
    expect(markdownToText(null)).toBe('');
    expect(markdownToText(undefined)).toBe('');
    expect(markdownToText('<!-- only a template -->')).toBe('');
  });
});
