import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  chunks.forEach((c) => parser.feed(c));
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('reads named events, joins data lines and skips comments', () => {
    expect(parse([': hello\nevent: delta\ndata: a\ndata: b\n\ndata:plain\n\n'])).toEqual([
      { event: 'delta', data: 'a\nb' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('handles CRLF split across chunks and a last event without its blank line', () => {
    expect(parse(['event: x\r', '\ndata: 1\r\n\r', '\nevent: y\rdata: 2'])).toEqual([
      { event: 'x', data: '1' },
      { event: 'y', data: '2' },
    ]);
  });

  it('ignores events without data', () => {
    expect(parse(['event: ping\n\n'])).toEqual([]);
  });
});
