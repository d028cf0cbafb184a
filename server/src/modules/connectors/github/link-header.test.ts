import { describe, expect, it } from 'vitest';
import { linkTarget, trustedNext } from './link-header.js';

describe('linkTarget', () => {
  const header =
    '<https://api.github.com/repositories/1296269/issues?state=all&page=2>; rel="next", ' +
    '<https://api.github.com/repositories/1296269/issues?state=all&page=5>; rel="last"';

  it('finds each relation of a GitHub Link header', () => {
    expect(linkTarget(header, 'next')).toBe(
      'https://api.github.com/repositories/1296269/issues?state=all&page=2',
    );
    expect(linkTarget(header, 'last')).toMatch(/page=5$/);
    expect(linkTarget(header, 'prev')).toBeNull();
    expect(linkTarget(null, 'next')).toBeNull();
    expect(linkTarget('', 'next')).toBeNull();
  });

  it('copes with commas inside URLs, unquoted and multi-valued rels', () => {
    const odd =
      '<https://x.test/a?labels=bug,ui&page=3>; rel=next, <https://x.test/b>; rel="prev first"';
    expect(linkTarget(odd, 'next')).toBe('https://x.test/a?labels=bug,ui&page=3');
    expect(linkTarget(odd, 'first')).toBe('https://x.test/b');
    expect(linkTarget('<https://x.test/c>; title="next"', 'next')).toBeNull();
  });
});

describe('trustedNext', () => {
  it('keeps links under the API root and refuses others', () => {
    expect(
      trustedNext('https://api.github.com/repositories/1/issues?page=2', 'https://api.github.com'),
    ).toBe('https://api.github.com/repositories/1/issues?page=2');
    expect(
      trustedNext(
        'https://ghe.test/api/v3/repositories/1/issues?page=2',
        'https://ghe.test/api/v3',
      ),
    ).not.toBeNull();
    expect(
      trustedNext('https://ghe.test/other/issues?page=2', 'https://ghe.test/api/v3'),
    ).toBeNull();
    expect(
      trustedNext('https://evil.test/repositories/1/issues', 'https://api.github.com'),
    ).toBeNull();
    expect(
      trustedNext('http://api.github.com/repositories/1/issues', 'https://api.github.com'),
    ).toBeNull();
    expect(trustedNext('https://api.github.com:8443/x', 'https://api.github.com')).toBeNull();
  });
});
