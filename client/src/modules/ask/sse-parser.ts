/** One server-sent event: its name (`message` when none was given) and its joined data lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A minimal `text/event-stream` parser (the WHATWG rules the answer stream needs): lines end in
 * LF, CRLF or CR, possibly split across chunks; `data:` lines join with LF; a blank line ends an
 * event; comments (`:`) and unknown fields are ignored.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
  };

  return {
    feed(chunk: string) {
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (c === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (c === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: a last line without its terminator still counts, then the event ends. */
    end() {
      if (buffer.endsWith('\r')) buffer = buffer.slice(0, -1);
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}
