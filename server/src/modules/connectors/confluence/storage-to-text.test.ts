import { describe, expect, it } from 'vitest';
import { storageToText } from './storage-to-text.js';

const code = (body: string, params = '<ac:parameter ac:name="language">bash</ac:parameter>') =>
  `<ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="6c1f">${params}<ac:plain-text-body><![CDATA[${body}]]></ac:plain-text-body></ac:structured-macro>`;

describe('storageToText: code and CDATA', () => {
  it('keeps a code macro verbatim, "<" and "&" included, as its own block', () => {
    const text = storageToText(
      `<p>Restart the API:</p>${code(`if [ "$n" -lt 3 ] && [ -f /tmp/a<b>.lock ]; then
  kubectl rollout restart deploy/api &> /dev/null
fi`)}<p>Then check the dashboard.</p>`,
    );
    expect(text).toBe(
      'Restart the API:\n\n' +
        'if [ "$n" -lt 3 ] && [ -f /tmp/a<b>.lock ]; then\n' +
        '  kubectl rollout restart deploy/api &> /dev/null\n' +
        'fi\n\n' +
        'Then check the dashboard.',
    );
  });

  it('leaves out code parameters but keeps a title as the line before the code', () => {
    const text = storageToText(
      code(
        'SELECT 1;',
        '<ac:parameter ac:name="language">sql</ac:parameter><ac:parameter ac:name="title">Health check</ac:parameter><ac:parameter ac:name="linenumbers">true</ac:parameter><ac:parameter ac:name="theme">Midnight</ac:parameter>',
      ),
    );
    expect(text).toBe('Health check\nSELECT 1;');
  });

  it('keeps blank lines and indentation inside code, and noformat bodies too', () => {
    expect(
      storageToText(
        `<ac:structured-macro ac:name="noformat"><ac:plain-text-body><![CDATA[a:
    b: 1


c: 2]]></ac:plain-text-body></ac:structured-macro>`,
      ),
    ).toBe('a:\n    b: 1\n\nc: 2');
  });

  it('joins CDATA sections split around "]]>"', () => {
    expect(storageToText(code('x = a[b[0]]]]><![CDATA[> 1'))).toBe('x = a[b[0]]> 1');
  });

  it('does not read markup inside CDATA as tags', () => {
    expect(storageToText(code('<script>alert(1)</script> &amp;'))).toBe(
      '<script>alert(1)</script> &amp;',
    );
  });
});

describe('storageToText: macros', () => {
  it('keeps the bodies of info, note, warning and panel macros, not their settings', () => {
    const macro = (name: string, params: string, body: string) =>
      `<ac:structured-macro ac:name="${name}">${params}<ac:rich-text-body>${body}</ac:rich-text-body></ac:structured-macro>`;
    const text = storageToText(
      macro(
        'info',
        '<ac:parameter ac:name="icon">false</ac:parameter>',
        '<p>Pager rotates weekly.</p>',
      ) +
        macro(
          'warning',
          '<ac:parameter ac:name="title">Careful</ac:parameter>',
          '<p>Never on Fridays.</p>',
        ) +
        macro(
          'panel',
          '<ac:parameter ac:name="bgColor">#eae6ff</ac:parameter><ac:parameter ac:name="borderStyle">solid</ac:parameter>',
          '<p>Escalate to <strong>SRE</strong>.</p>',
        ),
    );
    expect(text).toBe('Pager rotates weekly.\n\nNever on Fridays.\n\nEscalate to SRE.');
  });

  it("keeps an expand macro's title above its body", () => {
    expect(
      storageToText(
        `<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">Show steps</ac:parameter><ac:rich-text-body><ol><li>Drain</li><li>Patch</li></ol></ac:rich-text-body></ac:structured-macro>`,
      ),
    ).toBe('Show steps\n\n1. Drain\n2. Patch');
  });

  it('drops body-less macros without breaking the sentence around them', () => {
    expect(
      storageToText(
        `<p><ac:structured-macro ac:name="toc"><ac:parameter ac:name="maxLevel">2</ac:parameter></ac:structured-macro></p><p>Tracked in <ac:structured-macro ac:name="jira"><ac:parameter ac:name="server">System JIRA</ac:parameter><ac:parameter ac:name="key">OPS-12</ac:parameter></ac:structured-macro> for now.</p>`,
      ),
    ).toBe('Tracked in for now.');
  });

  it('reads a status lozenge as its title, not its colour', () => {
    expect(
      storageToText(
        `<p>State: <ac:structured-macro ac:name="status"><ac:parameter ac:name="colour">Green</ac:parameter><ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro></p>`,
      ),
    ).toBe('State: DONE');
  });

  it('keeps layouts as blocks and task lists as checkboxes', () => {
    expect(
      storageToText(
        `<ac:layout><ac:layout-section ac:type="two_equal"><ac:layout-cell><p>Left</p></ac:layout-cell><ac:layout-cell><p>Right</p></ac:layout-cell></ac:layout-section></ac:layout>` +
          `<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-status>complete</ac:task-status><ac:task-body>Roll back</ac:task-body></ac:task><ac:task><ac:task-id>2</ac:task-id><ac:task-status>incomplete</ac:task-status><ac:task-body><span>Find the root cause</span></ac:task-body></ac:task></ac:task-list>`,
      ),
    ).toBe('Left\n\nRight\n\n- [x] Roll back\n- [ ] Find the root cause');
  });

  it('reads a Cloud ADF extension through its HTML fallback, without its attributes', () => {
    expect(
      storageToText(
        `<ac:adf-extension><ac:adf-node type="decision-list"><ac:adf-attribute key="local-id">7f1c</ac:adf-attribute><ac:adf-node type="decision-item"><ac:adf-attribute key="state">DECIDED</ac:adf-attribute><ac:adf-content>Use Postgres</ac:adf-content></ac:adf-node></ac:adf-node><ac:adf-fallback><div class="decision-list"><ul><li>Use Postgres</li></ul></div></ac:adf-fallback></ac:adf-extension>`,
      ),
    ).toBe('- Use Postgres');
  });
});

describe('storageToText: links, images, emoticons, dates', () => {
  it('reads a link as its CDATA body, else the page title, and <a> as its text only', () => {
    expect(
      storageToText(
        `<p>See <ac:link><ri:page ri:space-key="OPS" ri:content-title="Runbook" /><ac:plain-text-link-body><![CDATA[the runbook]]></ac:plain-text-link-body></ac:link>, <ac:link><ri:page ri:content-title="On-call &amp; escalation"/></ac:link> and <a href="https://status.example.com/x?y=1">the status page</a>.</p>`,
      ),
    ).toBe('See the runbook, On-call & escalation and the status page.');
  });

  it('reads rich link bodies, attachment links and user mentions', () => {
    expect(
      storageToText(
        `<p><ac:link><ri:attachment ri:filename="runbook.pdf"/><ac:link-body><strong>the PDF</strong></ac:link-body></ac:link> | <ac:link><ri:attachment ri:filename="notes.txt"/></ac:link> | <ac:link><ri:user ri:account-id="5b10ac8d82e05b22cc7d4ef5"/></ac:link> approved</p>`,
      ),
    ).toBe('the PDF | notes.txt | @user approved');
  });

  it('marks images by file name and drops emoticons without swallowing the text after them', () => {
    expect(
      storageToText(
        `<p>Deployed <ac:emoticon ac:name="tick" ac:emoji-shortname=":check_mark:" ac:emoji-id="2714" ac:emoji-fallback="✔"/> and verified <ac:emoticon ac:name="smile"/>.</p><p><ac:image ac:align="center" ac:width="600"><ri:attachment ri:filename="arch diagram.png"><ri:page ri:content-title="Architecture"/></ri:attachment></ac:image></p><p><ac:image><ri:url ri:value="https://cdn.example.com/img/Team%20photo.jpg?v=2"/></ac:image></p>`,
      ),
    ).toBe('Deployed and verified .\n\n[image: arch diagram.png]\n\n[image: Team photo.jpg]');
  });

  it('writes a picked date from its datetime attribute', () => {
    expect(storageToText('<p>Due <time datetime="2024-05-01" /> at noon.</p>')).toBe(
      'Due 2024-05-01 at noon.',
    );
  });
});

describe('storageToText: tables', () => {
  it('writes a row a line with cells apart, a blank line around the table', () => {
    expect(
      storageToText(
        `<p>Endpoints:</p><table data-layout="default" ac:local-id="1"><colgroup><col style="width: 200px;"/><col/></colgroup><tbody><tr><th><p><strong>Env</strong></p></th><th><p>URL</p></th></tr><tr><td><p>prod</p></td><td><p><a href="https://x.example.com">https://x.example.com</a></p></td></tr><tr><td><p>staging</p></td><td><p>  https://s.example.com  </p></td></tr></tbody></table><p>Ask in #ops.</p>`,
      ),
    ).toBe(
      'Endpoints:\n\nEnv | URL\nprod | https://x.example.com\nstaging | https://s.example.com\n\nAsk in #ops.',
    );
  });

  it('flattens blocks inside a cell to one line and keeps empty cells in place', () => {
    expect(
      storageToText(
        `<table><thead><tr><th>Step</th><th>Owner</th><th>Notes</th></tr></thead><tbody><tr><td><p>Drain</p><ul><li>node a</li><li>node b</li></ul></td><td></td><td>Line one<br/>line two</td></tr><tr><td> </td><td>&nbsp;</td><td></td></tr></tbody></table>`,
      ),
    ).toBe('Step | Owner | Notes\nDrain - node a - node b | | Line one line two');
  });
});

describe('storageToText: structure and text', () => {
  it('writes headings as they are, on their own line, paragraphs a blank line apart', () => {
    expect(
      storageToText('<h1>Leave policy</h1><p>Intro.</p><h3>Sick leave</h3><p>Tell your lead.</p>'),
    ).toBe('Leave policy\n\nIntro.\n\nSick leave\n\nTell your lead.');
  });

  it('writes lists as "- " and "1. " lines, nested lists indented under their item', () => {
    expect(
      storageToText(
        `<ul><li>Annual leave</li><li><p>Sick leave</p><ul><li>Paid</li><li>Unpaid<ol><li>Ask HR</li><li>Sign</li></ol></li></ul></li></ul><ol start="3"><li>Third</li><li>Fourth</li></ol>`,
      ),
    ).toBe(
      '- Annual leave\n- Sick leave\n  - Paid\n  - Unpaid\n    1. Ask HR\n    2. Sign\n\n3. Third\n4. Fourth',
    );
  });

  it('reads Cloud list items wrapped in <p> as one line each', () => {
    expect(
      storageToText(
        '<ul><li><p>Check the pager</p></li><li><p>Open an incident</p><p>in #inc</p></li></ul><p>Then</p>',
      ),
    ).toBe('- Check the pager\n- Open an incident\n  in #inc\n\nThen');
  });

  it('breaks lines at <br/>, separates at <hr/> and never wraps long lines', () => {
    const long = 'word '.repeat(40).trim();
    expect(storageToText(`<p>Line one<br/>Line two</p><hr/><p>${long}</p>`)).toBe(
      `Line one\nLine two\n\n${long}`,
    );
  });

  it('decodes entities and treats &nbsp; as a space', () => {
    expect(
      storageToText(
        '<p>It&rsquo;s R&amp;D&nbsp;&nbsp;time &mdash; &lt;fast&gt; &quot;ok&quot; &#x2713; &#169;</p><p>&nbsp;</p><p>&nbsp;</p><p>&nbsp;</p><p>End</p>',
      ),
    ).toBe('It’s R&D time — <fast> "ok" ✓ ©\n\nEnd');
  });

  it('collapses blank lines, trims trailing spaces and the result', () => {
    expect(storageToText('\n  <p>a   </p>\n\n\n<div><br/><br/><br/><br/></div><p>b</p>  \n')).toBe(
      'a\n\nb',
    );
  });
});

describe('storageToText: bad input', () => {
  it('returns an empty string for empty or blank input', () => {
    expect(storageToText('')).toBe('');
    expect(storageToText(' \n\t ')).toBe('');
    expect(storageToText('<p></p><p>&nbsp;</p>')).toBe('');
  });

  it('reads malformed XHTML without throwing', () => {
    expect(storageToText('<p>unclosed <b>bold<p>next')).toBe('unclosed bold\n\nnext');
    expect(storageToText('<table><tr><td>a<td>b</table> tail')).toBe('a | b\n\ntail');
    expect(storageToText('<p>text</div></ac:link></p></p>')).toBe('text');
    expect(storageToText('<p>a</p><![CDATA[never closed <b>')).toBe('a\n\nnever closed <b>');
    expect(storageToText('<ac:link><ri:page ri:content-title="Half"')).toBe('');
    expect(storageToText('<ac:image><ri:url ri:value="https://x/%E0%A4%A.png"/></ac:image>')).toBe(
      '[image: %E0%A4%A.png]',
    );
  });

  it('survives absurd nesting', () => {
    expect(() => storageToText('<ul><li>'.repeat(5000) + 'deep')).not.toThrow();
    expect(storageToText('<div>'.repeat(50) + 'found' + '</div>'.repeat(50))).toBe('found');
  });
});
