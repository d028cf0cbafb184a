import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKING } from '../src/modules/corpus/index.js';
import { newAdmin, type Account } from './helpers/accounts.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let admin: Account;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app);
  const files: [string, string][] = [
    [
      'fluid.txt',
      'Oxygen concentration in blood and cerebrospinal fluid was measured in twelve patients.',
    ],
    [
      'pressure.txt',
      'Partial pressures of oxygen in arterial blood were recorded by polarography.',
    ],
    ['menu.txt', 'The cafeteria menu changes every Tuesday.'],
    ['exact.txt', 'The launch window opens at dawn.'],
    ['scattered.txt', 'A window was left open; the launch happened at dawn.'],
    ['harbor.txt', 'The launch left the harbor at dawn.'],
    ['quokka.txt', 'Quokka habitats: the quokka is studied.'],
    ['wombat.txt', 'Wombat burrows are studied.'],
    // One stem ("plastic"), two written forms: only the form tells them apart.
    ['alloy-a.txt', 'The plasticity of the alloy was tested.'],
    ['alloy-b.txt', 'The plastic of the alloy was tested.'],
  ];
  for (const [name, text] of files) await uploadText(app, admin, name, text);
}, 120_000);
afterAll(() => app?.stop());

async function titles(query: string, user = admin): Promise<string[]> {
  const res = await app.graphqlRaw(
    `query($q: String!) { searchDocuments(query: $q) { hits { title } } }`,
    { q: query },
    user.token,
  );
  expect(res.errors).toBeUndefined();
  return res.data.searchDocuments.hits.map((h: { title: string }) => h.title);
}

describe('ranking of a question', () => {
  it('reads "or" in a sentence as a word, not as a filter that needs every other word', async () => {
    const hits = await titles(
      'the relationship of blood and cerebrospinal fluid oxygen concentrations or partial pressures. a method of interest is polarography.',
    );
    expect(hits.slice(0, 2).sort()).toEqual(['fluid', 'pressure']);
    expect(hits).not.toContain('menu');
  });

  it('keeps a quoted phrase as a filter, and ranks by its words when no passage holds it', async () => {
    expect(await titles('"launch window"')).toEqual(['exact']);
    expect((await titles('"launch at sunrise window"')).sort()).toEqual(
      ['exact', 'harbor', 'scattered'].sort(),
    );
  });

  it('leaves out passages with a -word', async () => {
    expect(await titles('launch dawn -window')).toEqual(['harbor']);
  });

  it('counts a word the question repeats more than a word it says once', async () => {
    // Alone, the passage saying "quokka" twice wins; the question says "wombat" three times.
    expect((await titles('quokka wombat'))[0]).toBe('quokka');
    expect((await titles('quokka wombat wombat wombat'))[0]).toBe('wombat');
  });

  it('reads at most candidateCap passages for a question of common words only', async () => {
    const other = await newAdmin(app, 'Common');
    // Eight passages hold both words; the one written last holds them most often.
    for (let i = 0; i < 8; i++) {
      // Numbered: the same bytes twice would be refused as a duplicate upload.
      const text =
        i === 7
          ? 'Harbour crane: the harbour crane and the crane track.'
          : `The harbour crane ${i}.`;
      await uploadText(app, other, `memo-${i}.txt`, text);
    }
    const [{ workspace_id: workspaceId }] = await app.sql(
      `SELECT workspace_id FROM documents WHERE file_name = 'memo-7.txt'`,
    );
    const reader = await app.server.services.readers.forMember(workspaceId, other.id);
    const best = async () => {
      const { passages } = await app.server.services.search.passages(reader, {
        text: 'harbour crane',
        limit: 2,
      });
      return passages.map((p) => p.title);
    };
    expect((await best())[0]).toBe('memo-7');
    const cap = RANKING.candidateCap;
    RANKING.candidateCap = 3;
    try {
      // Both words are in more passages than the cap, so only the first three written are read:
      // the cost of such a question stays bounded however large the workspace grows.
      const read = await best();
      expect(read).toHaveLength(2);
      expect(read).not.toContain('memo-7');
    } finally {
      RANKING.candidateCap = cap;
    }
  });

  it('lends no feedback words when the best passage holds every word of the question', async () => {
    const other = await newAdmin(app, 'Comets');
    const files: [string, string][] = [
      ['comet-tail.txt', 'The comet tail glows faintly.'],
      // Three passages share words the question does not have: what feedback would lend.
      ['comet-orbit.txt', 'A comet orbit seen through the telescope mirror.'],
      ['comet-notes.txt', 'Comet notes: orbit, telescope and mirror readings.'],
      ['comet-log.txt', 'Comet log of the orbit by telescope mirror.'],
      ['glimmer.txt', 'A glimmer of dawn over the bay.'],
    ];
    for (const [name, text] of files) await uploadText(app, other, name, text);
    const [{ workspace_id: workspaceId }] = await app.sql(
      `SELECT workspace_id FROM documents WHERE file_name = 'comet-tail.txt'`,
    );
    const reader = await app.server.services.readers.forMember(workspaceId, other.id);
    const scores = async (text: string, change: Partial<typeof RANKING>) => {
      const configured = { ...RANKING };
      Object.assign(RANKING, change);
      try {
        const { passages } = await app.server.services.search.passages(reader, { text, limit: 10 });
        return new Map(passages.map((p) => [p.title, p.score]));
      } finally {
        Object.assign(RANKING, configured);
      }
    };
    const asAsked = { feedbackTerms: 0 };
    // "comet-tail" holds both words: the question is ranked as asked.
    expect(await scores('comet tail', { feedbackUnlessCovered: 1 })).toEqual(
      await scores('comet tail', asAsked),
    );
    // Feedback for every question: the passages sharing the lent words gain.
    expect(
      (await scores('comet tail', { feedbackUnlessCovered: 0 })).get('comet-orbit'),
    ).toBeGreaterThan((await scores('comet tail', asAsked)).get('comet-orbit')!);
    // No passage holds all of "comet tail glimmer": it is expanded as before.
    expect(
      (await scores('comet tail glimmer', { feedbackUnlessCovered: 1 })).get('comet-orbit'),
    ).toBeGreaterThan((await scores('comet tail glimmer', asAsked)).get('comet-orbit')!);
  });

  it('with exactFormWeight, ranks the word as the question wrote it above another form of its stem', async () => {
    const configured = { ...RANKING };
    try {
      for (const model of [{ model: 'bm25' }, { model: 'dfr' }, { model: 'ql' }] as const) {
        Object.assign(RANKING, model, { exactFormWeight: 1 });
        expect((await titles('plasticity alloy')).slice(0, 2)).toEqual(['alloy-a', 'alloy-b']);
        expect((await titles('plastic alloy')).slice(0, 2)).toEqual(['alloy-b', 'alloy-a']);
      }
      // Off, both forms count alike: the two passages tie and the question cannot split them.
      Object.assign(RANKING, configured, { exactFormWeight: 0 });
      const [a, b] = await Promise.all([titles('plasticity alloy'), titles('plastic alloy')]);
      expect(a.slice(0, 2)).toEqual(b.slice(0, 2));
    } finally {
      Object.assign(RANKING, configured);
    }
  });

  // The scoring models the cross protocol measures (docs/RANKING.md): each must rank by the
  // words, their rarity and their repeats, or its figures would mean nothing.
  const models: Partial<typeof RANKING>[] = [
    { model: 'bm25' },
    { model: 'dfr' },
    { model: 'ql' },
    { model: 'bm25', titleNormalised: 0 },
  ];
  for (const change of models) {
    it(`ranks by rarity, repeats and the question's words with ${JSON.stringify(change)}`, async () => {
      const configured = { ...RANKING };
      Object.assign(RANKING, change);
      try {
        // "quokka" is rarer than "studied" (two passages): the passage holding it comes first.
        expect((await titles('studied quokka')).slice(0, 2)).toEqual(['quokka', 'wombat']);
        expect((await titles('quokka wombat wombat wombat'))[0]).toBe('wombat');
        const hits = await titles('oxygen polarography');
        expect(hits[0]).toBe('pressure');
        expect(hits).not.toContain('menu');
      } finally {
        Object.assign(RANKING, configured);
      }
    });
  }
});
