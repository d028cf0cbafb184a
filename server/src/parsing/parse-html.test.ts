import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { htmlToDocument } from './parse-html.js';

describe('htmlToDocument', () => {
  it('takes the <title> as the title, entities decoded, and leaves the head out of the text', () => {
    const document = htmlToDocument(
      '<html><head><title>Travel &amp; expenses &#8211; 2025</title><meta name="x" content="y">' +
        '</head><body><p>Book early.</p></body></html>',
    );
    expect(document.title).toBe('Travel & expenses – 2025');
    expect(document.sections).toEqual([
      { text: 'Book early.', location: { kind: 'document', index: 1 } },
    ]);
  });

  it('falls back to the first <h1>, else no title', () => {
    expect(htmlToDocument('<h1>Remote <em>work</em></h1><p>Hours</p>').title).toBe('Remote work');
    expect(htmlToDocument('<p>Hours</p>').title).toBeNull();
    expect(htmlToDocument('<title>   </title><p>Hours</p>').title).toBeNull();
  });

  it('puts blocks on their own lines and keeps inline text together', () => {
    const { text } = htmlToDocument(
      '<div>One <b>bold</b> <a href="https://x.example">link</a></div><p>Two<br>lines</p>' +
        '<ul><li>first</li><li>second</li></ul><ol><li>a</li><li>b</li></ol>' +
        '<h2>Heading</h2><pre>  keep\n    indentation</pre>',
    ).sections[0];
    expect(text).toBe(
      'One bold link\n\nTwo\nlines\n\n- first\n- second\n\n 1. a\n 2. b\n\nHeading\n\n  keep\n    indentation',
    );
  });

  it('leaves out scripts, styles, navigation and other page furniture', () => {
    const { text } = htmlToDocument(
      '<style>p { color: red }</style><script>var secret = 1;</script>' +
        '<nav>Home | About</nav><div role="navigation">Menu</div><noscript>Enable JS</noscript>' +
        '<template><p>Hidden</p></template><svg><text>chart</text></svg>' +
        '<button>Click</button><p aria-hidden="true">decor</p><main><p>Content</p></main>',
    ).sections[0];
    expect(text).toBe('Content');
  });

  it('reads table rows as "a | b" lines', () => {
    const { text } = htmlToDocument(
      '<table><thead><tr><th>City</th><th>Rate</th></tr></thead>' +
        '<tbody><tr><td>Paris</td><td><p>€180</p><p>per night</p></td></tr><tr><td></td><td></td></tr></tbody></table>',
    ).sections[0];
    expect(text).toBe('City | Rate\nParis | €180 per night');
  });

  it('through parseDocument: .html and .htm, decoded as text first', async () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('<title>Caf'),
      0xe9, // Windows-1252 é
      ...new TextEncoder().encode('</title><p>Menu &lt;today&gt;</p>'),
    ]);
    for (const name of ['menu.html', 'menu.HTM']) {
      const document = await parseDocument(bytes, name);
      expect(document.format).toBe('html');
      expect(document.title).toBe('Café');
      expect(document.sections[0].text).toBe('Menu <today>');
    }
    const empty = parseDocument(
      new TextEncoder().encode('<html><script>x()</script></html>'),
      'a.html',
    );
    await expect(empty).rejects.toMatchObject({ code: 'EMPTY' });
  });
});
