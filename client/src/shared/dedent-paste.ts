/** Removes the indentation shared by every non-blank line (SPEC §5: pasting multi-line text). */
export function dedent(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const common = indents.length ? Math.min(...indents) : 0;
  return common === 0
    ? lines.join('\n')
    : lines.map((l) => l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length))).join('\n');
}

/**
 * One document-level listener: a multi-line paste into any text input or textarea is inserted
 * dedented. Single-line pastes are left to the browser.
 */
export function installDedentOnPaste(doc: Document = document): () => void {
  const onPaste = (event: ClipboardEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement)) return;
    const text = event.clipboardData?.getData('text/plain');
    if (!text || !text.includes('\n')) return;
    const cleaned = dedent(text);
    if (cleaned === text) return;
    event.preventDefault();
    const inserted = target instanceof HTMLInputElement ? cleaned.replace(/\n/g, ' ') : cleaned;
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? target.value.length;
    target.setRangeText(inserted, start, end, 'end');
    // Tell React (and Mantine forms) the value changed.
    target.dispatchEvent(new Event('input', { bubbles: true }));
  };
  doc.addEventListener('paste', onPaste, true);
  return () => doc.removeEventListener('paste', onPaste, true);
}
