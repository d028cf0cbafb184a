import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reader, UNREADABLE_CHECK, unreadableLexemes } from '../src/modules/corpus/index.js';
import { addMember, newAdmin } from './helpers/accounts.js';
import { RESTRICTED, createUploadSource, uploadTextTo } from './helpers/access.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Which of a question's words no passage the asker may read holds (the not-found answer is
 * judged on those): a word written only in a source the member may not read must count as
 * unreadable, whichever way it is checked, the sampled way for common words included.
 */
let app: TestApp;
let reader: Reader;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await newAdmin(app, 'Words');
  const member = await addMember(app, admin);
  const open = await createUploadSource(app, admin, 'Handbook');
  const closed = await createUploadSource(app, admin, 'Board', RESTRICTED());
  await uploadTextTo(app, admin, open, 'a.txt', 'The harbour crane lifts containers.');
  await uploadTextTo(app, admin, open, 'b.txt', 'The harbour pilot boards at dawn.');
  await uploadTextTo(app, admin, open, 'c.txt', 'The harbour tug pushes the barge.');
  await uploadTextTo(app, admin, closed, 'd.txt', 'The harbour quokka merger closes in March.');
  reader = await app.server.services.readers.forMember(admin.workspaceId, member.id);
}, 120_000);

afterAll(() => app?.stop());

describe('unreadableLexemes', () => {
  // Stems as the index writes them: harbour, crane, pilot, barg(e), quokka, merger, and a word
  // nobody wrote.
  const words = ['harbour', 'crane', 'pilot', 'barg', 'quokka', 'merger', 'zzyzx'];
  const expected = ['quokka', 'merger', 'zzyzx'];

  it('names the words only restricted passages hold, and those no passage holds', async () => {
    expect(await unreadableLexemes(app.server.services.db, reader, words)).toEqual(expected);
  });

  it('gives the same answer when every word is checked in a one-passage sample first', async () => {
    const saved = { ...UNREADABLE_CHECK };
    // Every word counts as common, and the sample holds one passage: the words of the other
    // two readable passages are missed by the sample and must be found by the exact check.
    Object.assign(UNREADABLE_CHECK, { commonDf: 0, sampleRows: 1 });
    try {
      expect(await unreadableLexemes(app.server.services.db, reader, words)).toEqual(expected);
    } finally {
      Object.assign(UNREADABLE_CHECK, saved);
    }
  });
});
