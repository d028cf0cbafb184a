import { afterEach, describe, expect, it } from 'vitest';
import { dedent, installDedentOnPaste } from './dedent-paste';

describe('dedent', () => {
  it('removes the indentation every non-blank line shares', () => {
    expect(dedent('    first\n      second\n\n    third')).toBe('first\n  second\n\nthird');
  });
  it('leaves text without common indentation alone', () => {
    expect(dedent('first\n  second')).toBe('first\n  second');
  });
  it('normalises Windows line endings', () => {
    expect(dedent('  a\r\n  b')).toBe('a\nb');
  });
});

describe('paste into inputs', () => {
  let uninstall: () => void = () => {};
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  function paste(target: HTMLElement, text: string) {
    const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
    target.dispatchEvent(event);
    return event;
  }

  it('inserts a dedented multi-line paste into a textarea at the cursor', () => {
    uninstall = installDedentOnPaste(document);
    const textarea = document.createElement('textarea');
    document.body.append(textarea);
    textarea.value = 'Note: ';
    textarea.setSelectionRange(6, 6);
    let inputs = 0;
    textarea.addEventListener('input', () => inputs++);
    const event = paste(textarea, '    line one\n    line two');
    expect(event.defaultPrevented).toBe(true);
    expect(textarea.value).toBe('Note: line one\nline two');
    expect(inputs).toBe(1);
  });

  it('leaves single-line pastes to the browser', () => {
    uninstall = installDedentOnPaste(document);
    const input = document.createElement('input');
    document.body.append(input);
    expect(paste(input, '   just one line').defaultPrevented).toBe(false);
  });
});
