import { describe, expect, it } from 'vitest';
import { parseDocument, ParseError } from './index.js';
import { jsonLines, MAX_JSON_PATH_DEPTH } from './parse-json.js';

const parse = (text: string) => parseDocument(new TextEncoder().encode(text), 'data.json');

describe('jsonLines', () => {
  it('writes one "path: value" line per leaf, in document order', () => {
    expect(
      jsonLines({
        team: 'Support',
        lead: { name: 'Kwame', 'e-mail': 'k@example.com', 'first day': '2024-01-08' },
        members: [{ name: 'Ana', remote: true }, 'Bo', 3.5, null],
        empty: {},
        none: [],
      }),
    ).toEqual([
      'team: Support',
      'lead.name: Kwame',
      'lead.e-mail: k@example.com',
      'lead["first day"]: 2024-01-08',
      'members[0].name: Ana',
      'members[0].remote: true',
      'members[1]: Bo',
      'members[2]: 3.5',
      'members[3]: null',
    ]);
  });

  it('writes a bare value, a top-level array, and values on one line', () => {
    expect(jsonLines('just text')).toEqual(['just text']);
    expect(jsonLines([1, { a: 'x' }])).toEqual(['[0]: 1', '[1].a: x']);
    expect(jsonLines({ note: 'two\nlines\there' })).toEqual(['note: two lines here']);
    expect(jsonLines({ Straße: 1 })).toEqual(['Straße: 1']);
  });

  it('stops at the text limit, as the paths can make the text longer than the file', () => {
    const records = Array.from({ length: 100 }, (_, i) => ({ id: i }));
    expect(jsonLines({ records }, 10_000)).toHaveLength(100);
    expect(() => jsonLines({ records }, 1_000)).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }),
    );
  });

  it('cuts long paths, and walks very deep nesting without a stack overflow', () => {
    const depth = 200_000;
    const deep = JSON.parse('{"a":'.repeat(depth) + '"bottom"' + '}'.repeat(depth));
    const lines = jsonLines(deep);
    expect(lines).toEqual([`${'a.'.repeat(MAX_JSON_PATH_DEPTH - 1)}a.…: bottom`]);
  });
});

describe('parseJson', () => {
  it('reads a .json file as one document of path lines', async () => {
    const document = await parse('{"policy": {"name": "Travel", "limit": 180}}');
    expect(document).toEqual({
      format: 'json',
      title: null,
      sections: [
        {
          text: 'policy.name: Travel\npolicy.limit: 180',
          location: { kind: 'document', index: 1 },
        },
      ],
    });
  });

  it('refuses invalid JSON as CORRUPT, saying where', async () => {
    const error = await parse('{\n  "a": 1,\n  "b": 2,\n}').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe('CORRUPT');
    expect((error as ParseError).message).toBe(
      'The JSON file could not be read: it is not valid JSON (line 4, column 1).',
    );
    // V8 names no position for some errors: the message then goes without one.
    const token = await parse('{"b": oops}').catch((e: unknown) => e);
    expect((token as ParseError).code).toBe('CORRUPT');
    const truncated = await parse('{"a": [1, 2').catch((e: unknown) => e);
    expect((truncated as ParseError).message).toMatch(
      /^The JSON file could not be read: it is not valid JSON/,
    );
  });

  it('fails a JSON file with nothing but empty containers as EMPTY', async () => {
    await expect(parse('{"a": {}, "b": []}')).rejects.toMatchObject({ code: 'EMPTY' });
  });
});
