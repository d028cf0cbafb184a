import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from '../src/jobs/job-queue.js';
import type {
  ConnectorItem,
  IdPage,
  StepResult,
  SyncContext,
} from '../src/modules/connectors/connector.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
} from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { bearerAuth } from '../src/modules/connectors/credentials.js';
import {
  googleDriveConnector as connector,
  type GoogleDriveCheckpoint,
  type GoogleDriveSettings,
} from '../src/modules/connectors/google-drive/google-drive-connector.js';
import { parseDocument } from '../src/parsing/index.js';
import {
  GOOGLE_MIME,
  googleError,
  startFakeGoogle,
  type FakeGoogle,
} from './helpers/fake-google.js';

// The connector driven step by step against the fake Google, without the app or a database:
// a small in-memory index stands in for the documents table (versions, cursor).

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/office/${name}`, import.meta.url));

let fake: FakeGoogle;

beforeEach(async () => {
  fake = await startFakeGoogle();
});

afterEach(() => fake.close());

function client(token = fake.issueToken()) {
  return new ConnectorHttp({
    label: 'Google Drive',
    auth: bearerAuth(token),
    allowPrivateHosts: true,
    retryBaseMs: 5,
    maxInlineWaitMs: 2000,
  });
}

interface Outcome {
  items: ConnectorItem[];
  unchanged: string[];
  failures: StepResult<unknown>['failures'];
  deleted: string[];
  steps: number;
  incomplete: boolean;
  /** A step asked for the id listing: the feed could not report every deletion. */
  sweep: boolean;
  cursor?: string;
}

/** What the sync service keeps between syncs: indexed versions and the changes cursor. */
class Index {
  versions = new Map<string, string>();
  cursor: string | null = null;
  http = client();

  constructor(public settings: GoogleDriveSettings) {}

  ctx(): SyncContext<GoogleDriveSettings> {
    return {
      http: this.http,
      settings: this.settings,
      parse: parseDocument,
      since: null,
      cursor: this.cursor,
      knownVersions: async (ids) =>
        new Map(
          ids.filter((id) => this.versions.has(id)).map((id) => [id, this.versions.get(id)!]),
        ),
    };
  }

  /** step() until no next checkpoint (each one through JSON, as it is stored). */
  async sync(): Promise<Outcome> {
    const ctx = this.ctx();
    const out: Outcome = {
      items: [],
      unchanged: [],
      failures: [],
      deleted: [],
      steps: 0,
      incomplete: false,
      sweep: false,
    };
    let checkpoint: GoogleDriveCheckpoint | null = null;
    do {
      const result = await connector.step(ctx, checkpoint);
      out.steps++;
      out.items.push(...result.items);
      out.unchanged.push(...result.unchanged);
      out.failures.push(...result.failures);
      out.deleted.push(...(result.deleted ?? []));
      out.incomplete ||= Boolean(result.incomplete);
      out.sweep ||= Boolean(result.sweep);
      if (result.cursor) out.cursor = result.cursor;
      for (const item of result.items) this.versions.set(item.externalId, item.version);
      for (const id of result.deleted ?? []) this.versions.delete(id);
      checkpoint = result.next ? JSON.parse(JSON.stringify(result.next)) : null;
    } while (checkpoint && out.steps < 100);
    expect(checkpoint).toBeNull();
    if (out.cursor) this.cursor = out.cursor; // kept after a clean sync
    return out;
  }

  async listIds(): Promise<string[]> {
    return (await this.idListing()).ids;
  }

  /** The complete id listing, and whether a page said it may have left files out. */
  async idListing(): Promise<{ ids: string[]; incomplete: boolean }> {
    const ids: string[] = [];
    let incomplete = false;
    let cursor: string | null = null;
    do {
      const page: IdPage = await connector.listIds(this.ctx(), cursor);
      ids.push(...page.ids);
      incomplete ||= Boolean(page.incomplete);
      cursor = page.next;
    } while (cursor);
    return { ids: ids.sort(), incomplete };
  }
}

const ids = (list: { externalId: string }[] | string[]) =>
  list.map((x) => (typeof x === 'string' ? x : x.externalId)).sort();
const fileIds = (...files: { id: string }[]) => files.map((f) => `file:${f.id}`).sort();
const textOf = (item: ConnectorItem | undefined) =>
  item?.sections.map((s) => s.text).join('\n') ?? '';
const byId = (items: ConnectorItem[], file: { id: string }) =>
  items.find((i) => i.externalId === `file:${file.id}`);
const contentRequests = () =>
  fake.count((r) => r.path.endsWith('/export') || r.query.get('alt') === 'media');
const doc = (name: string, parents?: string[], content = `${name}: some text`) =>
  fake.addFile({ name, mimeType: GOOGLE_MIME.document, content, parents });

describe('full listing', () => {
  it('lists every file across pages; exports Docs, Sheets, Slides; downloads uploads', async () => {
    const docs = Array.from({ length: 250 }, (_, i) => doc(`Policy ${i}`, undefined, `Rule ${i}.`));
    const sheet = fake.addFile({
      name: 'Team budget',
      mimeType: GOOGLE_MIME.spreadsheet,
      content: fixture('team-budget.xlsx'),
    });
    const slides = fake.addFile({
      name: 'Launch',
      mimeType: GOOGLE_MIME.presentation,
      content: 'Aurora goes live in March',
    });
    const pdf = fake.addFile({
      name: 'remote-work.pdf',
      mimeType: GOOGLE_MIME.pdf,
      content: fixture('remote-work.pdf'),
    });
    const docx = fake.addFile({
      name: 'Incident runbook', // no extension: the connector adds one for the parser
      mimeType: GOOGLE_MIME.docx,
      content: fixture('incident-runbook.docx'),
    });
    const image = fake.addFile({ name: 'logo.png', mimeType: GOOGLE_MIME.png, content: 'png' });
    fake.addFolder({ name: 'Empty folder' });
    fake.trashFile(doc('Old policy').id);

    const index = new Index({ apiBase: fake.url, folderIds: [] });
    const out = await index.sync();

    expect(out.failures).toEqual([]);
    expect(ids(out.items)).toEqual(fileIds(...docs, sheet, slides, pdf, docx));
    expect(out.steps).toBe(3);
    expect(textOf(byId(out.items, sheet))).toContain('Kwame');
    expect(textOf(byId(out.items, slides))).toContain('Aurora goes live in March');
    expect(textOf(byId(out.items, pdf))).toContain('10:00');
    expect(textOf(byId(out.items, docx))).toContain('Priya');
    expect(byId(out.items, docs[7]!)).toEqual({
      externalId: `file:${docs[7]!.id}`,
      title: 'Policy 7',
      url: `${fake.url}/document/d/${docs[7]!.id}/edit`,
      version: docs[7]!.version,
      updatedAt: new Date(docs[7]!.modifiedTime),
      itemType: 'google/document',
      sections: [{ text: 'Rule 7.', location: { kind: 'document', index: 1 } }],
    });
    expect([sheet, slides, pdf, docx].map((f) => byId(out.items, f)!.itemType)).toEqual([
      'google/spreadsheet',
      'google/presentation',
      'google/pdf',
      'google/docx',
    ]);
    expect(fake.count((r) => r.path.includes(image.id))).toBe(0);

    // The start token comes first, so changes made while listing are read by the next sync.
    const paths = fake.requests.map((r) => r.path);
    expect(paths.indexOf('/drive/v3/changes/startPageToken')).toBeLessThan(
      paths.indexOf('/drive/v3/files'),
    );
    expect(out.cursor).toEqual(expect.any(String));
    const lists = fake.requests.filter((r) => r.path === '/drive/v3/files');
    expect(lists).toHaveLength(3);
    for (const list of lists) {
      expect(list.query.get('q')).toContain('trashed = false');
      expect(list.query.get('q')).not.toContain(GOOGLE_MIME.png);
      expect(list.query.get('pageSize')).toBe('100');
      expect(list.query.get('corpora')).toBe('allDrives');
      expect(list.query.get('includeItemsFromAllDrives')).toBe('true');
    }
    expect(connector.listsEverything(index.ctx())).toBe(false); // it now has a cursor
  });

  it('reads CSV, Markdown and OpenDocument files by the parsers of their own format', async () => {
    const formats = (name: string) =>
      readFileSync(new URL(`./fixtures/formats/${name}`, import.meta.url));
    const csv = fake.addFile({
      name: 'Office supplies', // no extension: the connector adds .csv
      mimeType: 'text/csv',
      content: formats('office-supplies.csv'),
    });
    const markdown = fake.addFile({
      name: 'onboarding-guide.md',
      mimeType: 'text/markdown',
      content: formats('onboarding-guide.md'),
    });
    const ods = fake.addFile({
      name: 'Headcount',
      mimeType: 'application/vnd.oasis.opendocument.spreadsheet',
      content: formats('headcount.ods'),
    });
    const out = await new Index({ apiBase: fake.url, folderIds: [] }).sync();
    expect(out.failures).toEqual([]);
    expect(byId(out.items, csv)!.sections).toEqual([
      expect.objectContaining({ location: { kind: 'sheet', index: 1, name: 'Office supplies' } }),
    ]);
    expect(textOf(byId(out.items, csv))).toContain('Standing desk\tErgonomica Ltd.');
    expect(textOf(byId(out.items, markdown))).toContain('from Sofia Lindqvist on');
    expect(textOf(byId(out.items, markdown))).not.toContain('](');
    expect(byId(out.items, ods)!.sections.map((s) => s.location)).toEqual([
      { kind: 'sheet', index: 1, name: 'Headcount' },
      { kind: 'sheet', index: 2, name: 'Hiring plan' },
    ]);
    expect([csv, markdown, ods].map((f) => byId(out.items, f)!.itemType)).toEqual([
      'google/csv',
      'google/markdown',
      'google/ods',
    ]);
  });

  it('does not fetch files whose version is already indexed', async () => {
    const files = [doc('A'), doc('B'), doc('C')];
    files.push(
      fake.addFile({
        name: 'p.pdf',
        mimeType: GOOGLE_MIME.pdf,
        content: fixture('remote-work.pdf'),
      }),
    );
    const index = new Index({ apiBase: fake.url, folderIds: [] });
    await index.sync();
    expect(contentRequests()).toBe(4);

    index.cursor = null; // another full listing
    const again = await index.sync();
    expect(again.items).toEqual([]);
    expect(ids(again.unchanged)).toEqual(fileIds(...files));
    expect(contentRequests()).toBe(4);

    fake.editFile(files[1]!.id, { content: 'B, edited' });
    index.cursor = null;
    const third = await index.sync();
    expect(ids(third.items)).toEqual(fileIds(files[1]!));
    expect(textOf(third.items[0])).toBe('B, edited');
    expect(contentRequests()).toBe(5);
  });

  it('indexes an empty Google Doc by its title; a damaged PDF fails alone', async () => {
    const empty = doc('Empty doc', undefined, '');
    const broken = fake.addFile({
      name: 'broken.pdf',
      mimeType: GOOGLE_MIME.pdf,
      content: '%PDF-1.7 no',
    });
    const fine = doc('Fine');
    const out = await new Index({ apiBase: fake.url, folderIds: [] }).sync();
    expect(ids(out.items)).toEqual(fileIds(empty, fine));
    expect(textOf(byId(out.items, empty))).toBe('Empty doc');
    expect(out.failures).toEqual([
      {
        externalId: `file:${broken.id}`,
        title: 'broken.pdf',
        url: broken.webViewLink,
        message: expect.stringMatching(/damaged|could not be read/i),
        version: broken.version, // not fetched again until it changes (or a wait is over)
      },
    ]);
  });

  it('lists shared drives too, and a shared drive can be the chosen folder', async () => {
    const team = fake.addDrive({ name: 'Team drive' });
    const shared = doc('Shared plan', [team.id]);
    const mine = doc('My notes');
    const all = await new Index({ apiBase: fake.url, folderIds: [] }).sync();
    expect(ids(all.items)).toEqual(fileIds(shared, mine));

    const settings = await connector.validate({
      http: client(),
      settings: { apiBase: fake.url, folderIds: [team.id] },
      parse: parseDocument,
    });
    expect(settings.folders).toEqual([{ id: team.id, name: 'Team drive' }]);
    const chosen = await new Index(settings).sync();
    expect(ids(chosen.items)).toEqual(fileIds(shared));
  });
});

describe('incremental syncs from the changes feed', () => {
  it('reads edits, new files, trash and deletions; the cursor moves on', async () => {
    const [a, b, c, d] = [doc('A'), doc('B'), doc('C'), doc('D')];
    const image = fake.addFile({ name: 'x.png', mimeType: GOOGLE_MIME.png, content: 'png' });
    const index = new Index({ apiBase: fake.url, folderIds: [] });
    await index.sync();
    const first = index.cursor;
    const fetched = contentRequests();

    fake.editFile(a.id, { content: 'A, edited' });
    const e = doc('E');
    fake.trashFile(b.id);
    fake.deleteFile(c.id);
    fake.deleteFile(image.id); // never indexed: not reported
    fake.addFile({ name: 'y.png', mimeType: GOOGLE_MIME.png, content: 'png' });
    const many = Array.from({ length: 120 }, (_, i) => doc(`New ${i}`)); // more than a page

    expect(connector.listsEverything(index.ctx())).toBe(false);
    const out = await index.sync();
    expect(ids(out.items)).toEqual(fileIds(a, e, ...many));
    expect(textOf(byId(out.items, a))).toBe('A, edited');
    expect(ids(out.deleted)).toEqual(fileIds(b, c));
    expect(out.failures).toEqual([]);
    expect(out.steps).toBeGreaterThan(1);
    expect(contentRequests() - fetched).toBe(122);
    expect(fake.count({ path: '/drive/v3/files' })).toBe(1); // only the first sync listed
    expect(index.cursor).not.toBe(first);
    expect(out.sweep).toBe(false); // the feed reported every deletion: no id listing

    const quiet = await index.sync();
    expect(quiet.items).toEqual([]);
    expect(quiet.deleted).toEqual([]);
    expect(await index.listIds()).toEqual(fileIds(a, d, e, ...many));
  });

  it('asks for the id listing only where the feed cannot tell: a shared drive left, a folder trashed', async () => {
    const team = fake.addDrive({ name: 'Team drive' });
    doc('Shared plan', [team.id]);
    const folder = fake.addFolder({ name: 'Notes' });
    const note = doc('Note', [folder.id]);
    const mine = doc('Mine');
    const index = new Index({ apiBase: fake.url, folderIds: [] });
    await index.sync();

    fake.editFile(mine.id, { content: 'Mine, edited' });
    const edited = await index.sync();
    expect(ids(edited.items)).toEqual(fileIds(mine));
    expect(edited.sweep).toBe(false);
    expect((await index.sync()).sweep).toBe(false); // nothing changed

    // Drive reports the shared drive the account left, not its files.
    fake.leaveDrive(team.id);
    const left = await index.sync();
    expect(left).toMatchObject({ items: [], deleted: [], sweep: true });
    expect(fake.requests.at(-1)!.query.get('fields')).toContain('driveId');
    expect(await index.listIds()).toEqual(fileIds(note, mine));

    fake.trashFile(folder.id);
    const trashed = await index.sync();
    expect(trashed.sweep).toBe(true);
    expect(ids(trashed.deleted)).toEqual(fileIds(note));
  });

  it('says when Google searched only some drives, and the id listing leaves files out', async () => {
    const team = fake.addDrive({ name: 'Team drive' });
    const shared = doc('Shared plan', [team.id]);
    const mine = doc('Mine');
    const index = new Index({ apiBase: fake.url, folderIds: [] });
    expect(await index.idListing()).toEqual({ ids: fileIds(shared, mine), incomplete: false });
    fake.searchSkipsDrives([team.id]);
    expect(await index.idListing()).toEqual({ ids: fileIds(mine), incomplete: true });
    const ask = fake.requests.at(-1)!;
    expect(ask.query.get('fields')).toBe('nextPageToken,incompleteSearch,files(id)');
    expect(ask.query.get('corpora')).toBe('allDrives');
  });

  it('lists everything again when the saved page token has expired', async () => {
    const [a, b] = [doc('A'), doc('B')];
    const index = new Index({ apiBase: fake.url, folderIds: [] });
    await index.sync();
    const first = index.cursor;
    fake.expireChangeTokens();
    fake.editFile(b.id, { content: 'B2' });
    const out = await index.sync();
    expect(ids(out.items)).toEqual(fileIds(b));
    expect(ids(out.unchanged)).toEqual(fileIds(a));
    expect(out.sweep).toBe(true); // a full listing reports no deletions: the id listing runs
    expect(index.cursor).not.toBe(first);
    expect((await index.sync()).items).toEqual([]); // the new token works

    index.cursor = '999999'; // refused (400): also a full listing, not a sync stuck for good
    const refused = await index.sync();
    expect(ids(refused.unchanged)).toEqual(fileIds(a, b));
    expect(index.cursor).not.toBe('999999');
  });
});

describe('chosen folders', () => {
  it('syncs everything below the folders, and follows moves in and out', async () => {
    const root = fake.addFolder({ name: 'Handbook' });
    const sub = fake.addFolder({ name: 'Policies', parents: [root.id] });
    const deep = fake.addFolder({ name: 'Travel', parents: [sub.id] });
    const other = fake.addFolder({ name: 'Elsewhere' });
    const top = doc('Welcome', [root.id]);
    const mid = doc('Leave', [sub.id]);
    const low = doc('Per diem', [deep.id]);
    const pdf = fake.addFile({
      name: 'handbook.pdf',
      mimeType: GOOGLE_MIME.pdf,
      content: fixture('security-handbook.pdf'),
      parents: [deep.id],
    });
    const outside = doc('Outside', [other.id]);
    // Files older than the next sync's cursor: only the folder's move is in the feed.
    const later = fake.addFolder({ name: 'Later', parents: [other.id] });
    const inLater = doc('Later doc', [later.id]);

    const settings = await connector.validate({
      http: client(),
      settings: {
        apiBase: fake.url,
        folderIds: [`https://drive.google.com/drive/folders/${root.id}?usp=sharing`],
      },
      parse: parseDocument,
    });
    expect(settings).toEqual({
      apiBase: fake.url,
      folderIds: [root.id],
      folders: [{ id: root.id, name: 'Handbook' }],
      account: fake.email,
    });
    const index = new Index(settings);
    const full = await index.sync();
    expect(ids(full.items)).toEqual(fileIds(top, mid, low, pdf));

    fake.moveFile(mid.id, [other.id]); // out
    fake.moveFile(outside.id, [deep.id]); // in
    const added = doc('Visa', [deep.id]);
    fake.moveFile(later.id, [sub.id]); // a folder moved in brings its files
    fake.editFile(doc('Unrelated', [other.id]).id, { content: 'edited' });

    const out = await index.sync();
    expect(ids(out.items)).toEqual(fileIds(outside, added, inLater));
    expect(ids(out.deleted)).toEqual(fileIds(mid));
    expect(await index.listIds()).toEqual(fileIds(top, low, pdf, outside, added, inLater));

    expect(await connector.fetchOne(index.ctx(), `file:${mid.id}`)).toBeNull();
    expect((await connector.fetchOne(index.ctx(), `file:${inLater.id}`))?.title).toBe('Later doc');
    fake.trashFile(low.id);
    expect(await connector.fetchOne(index.ctx(), `file:${low.id}`)).toBeNull();
    expect(await connector.fetchOne(index.ctx(), 'file:nope')).toBeNull();
  });

  it('asks for the id listing when a folder leaves the scope, not when a file does', async () => {
    const root = fake.addFolder({ name: 'Handbook' });
    const sub = fake.addFolder({ name: 'Policies', parents: [root.id] });
    const kept = fake.addFolder({ name: 'Kept', parents: [root.id] });
    const other = fake.addFolder({ name: 'Elsewhere' });
    const archive = fake.addFolder({ name: 'Archive' });
    const stays = doc('Welcome', [root.id]);
    const loose = doc('Loose', [root.id]);
    doc('Leave', [sub.id]);
    const inKept = doc('Kept doc', [kept.id]);
    const index = new Index({
      apiBase: fake.url,
      folderIds: [root.id],
      folders: [{ id: root.id, name: 'Handbook' }],
    });
    await index.sync();
    expect(JSON.parse(index.cursor!).scope.sort()).toEqual([root.id, sub.id, kept.id].sort());

    fake.moveFile(loose.id, [other.id]); // a file out: the feed says so
    fake.moveFile(other.id, [archive.id]); // a folder outside moving about
    const out = await index.sync();
    expect(ids(out.deleted)).toEqual(fileIds(loose));
    expect(out.sweep).toBe(false);

    // A folder moved out takes its files along, and the feed lists only the folder.
    fake.moveFile(sub.id, [other.id]);
    const moved = await index.sync();
    expect(moved).toMatchObject({ items: [], deleted: [], sweep: true });
    expect(await index.listIds()).toEqual(fileIds(stays, inKept));
    expect((await index.sync()).sweep).toBe(false);

    // Trashed before the sync began: no longer in the scope the sync reads, but in the last one.
    fake.trashFile(kept.id);
    const trashed = await index.sync();
    expect(trashed.sweep).toBe(true);
    expect((await index.sync()).sweep).toBe(false);

    // A cursor kept before scopes were (a bare token): the sync cannot tell, so it sweeps.
    index.cursor = JSON.parse(index.cursor!).pageToken;
    expect((await index.sync()).sweep).toBe(true);
    expect(JSON.parse(index.cursor!).scope).toEqual([root.id]);
  });

  it('stops, rather than prune everything, when a chosen folder is gone', async () => {
    const root = fake.addFolder({ name: 'Handbook' });
    doc('Welcome', [root.id]);
    const index = new Index({
      apiBase: fake.url,
      folderIds: [root.id],
      folders: [{ id: root.id, name: 'Handbook' }],
    });
    await index.sync();
    fake.deleteFile(root.id);
    await expect(index.sync()).rejects.toThrow(
      'The Google Drive folder "Handbook" is gone or no longer visible to this account. Choose the folders again.',
    );
    await expect(index.listIds()).rejects.toThrow(ConnectorConfigError);
  });
});

describe('validate and describe', () => {
  it('resolves the account and folders, and refuses unknown folders and files', async () => {
    const ctx = (folderIds: string[]) => ({
      http: client(),
      settings: { apiBase: fake.url, folderIds },
      parse: parseDocument,
    });
    await expect(connector.validate(ctx(['1NoSuchFolder']))).rejects.toThrow(
      new ConnectorConfigError(
        'Google Drive has no folder "1NoSuchFolder", or this account cannot see it.',
      ),
    );
    const file = doc('Not a folder');
    await expect(connector.validate(ctx([file.id]))).rejects.toThrow(
      /is a file in Google Drive, not a folder/,
    );
    await expect(connector.validate(ctx(["x' or name = 'y"]))).rejects.toThrow(
      ConnectorConfigError,
    );

    const mine = await connector.validate(ctx(['root']));
    expect(mine.folders).toEqual([{ id: fake.rootId, name: 'My Drive' }]);
    const everything = await connector.validate(ctx([]));
    expect(everything).toMatchObject({ folders: [], account: fake.email });

    expect(connector.describe(everything)).toEqual({
      site: 'https://drive.google.com',
      keys: [],
      name: `Google Drive · ${fake.email}`,
      description: `Documents from Google Drive (${fake.email})`,
    });
    expect(
      connector.describe({
        apiBase: fake.url,
        folderIds: ['f1', 'f2'],
        folders: [{ id: 'f1', name: 'Handbook' }],
      }),
    ).toEqual({
      site: 'https://drive.google.com',
      keys: ['Handbook', 'f2'],
      name: 'Google Drive · Handbook, f2',
      description: 'Documents from Google Drive',
    });
    expect(connector.describe({ apiBase: fake.url, folderIds: [] }).name).toBe(
      'Google Drive · My Drive',
    );
  });
});

describe('errors', () => {
  const rateLimited = {
    status: 403,
    body: googleError(403, 'userRateLimitExceeded', 'User rate limit exceeded.', 'usageLimits'),
  };

  it('takes 403 userRateLimitExceeded as a rate limit: retried, then rescheduled when it lasts', async () => {
    const a = doc('A');
    fake.fault({ path: '/drive/v3/files' }, rateLimited, 2);
    const out = await new Index({ apiBase: fake.url, folderIds: [] }).sync();
    expect(ids(out.items)).toEqual(fileIds(a));
    expect(fake.count({ path: '/drive/v3/files' })).toBe(3);

    fake.fault({ path: '/export' }, rateLimited, 20);
    const stuck = new Index({ apiBase: fake.url, folderIds: [] });
    await expect(stuck.sync()).rejects.toThrow(RetryLaterError);

    fake.clearFaults();
    fake.fault(
      { path: '/drive/v3/files' },
      { status: 429, headers: { 'retry-after': '120' }, body: {} },
    );
    const error = await new Index({ apiBase: fake.url, folderIds: [] }).sync().catch((e) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).delayMs).toBe(120_000);
  });

  it('a real 403 is lost access, not a rate limit', async () => {
    doc('A');
    fake.fault(
      { path: '/drive/v3/files' },
      { status: 403, body: googleError(403, 'insufficientPermissions', 'Insufficient Permission') },
    );
    await expect(new Index({ apiBase: fake.url, folderIds: [] }).sync()).rejects.toThrow(
      ConnectorConfigError,
    );
  });

  it('a revoked token stops the sync with ConnectorAuthError, even mid-page', async () => {
    doc('A');
    doc('B');
    const index = new Index({ apiBase: fake.url, folderIds: [] });
    fake.fault({ path: '/export' }, { status: 401, body: {} });
    await expect(index.sync()).rejects.toThrow(ConnectorAuthError);

    fake.revokeAll();
    await expect(index.sync()).rejects.toThrow(ConnectorAuthError);
    await expect(
      connector.validate({ http: index.http, settings: index.settings, parse: parseDocument }),
    ).rejects.toThrow(ConnectorAuthError);
  });

  it('a Doc too large to export fails alone; the others are indexed', async () => {
    await fake.close();
    fake = await startFakeGoogle({ exportLimitBytes: 5000 });
    const big = doc('Big doc', undefined, 'word '.repeat(2000));
    const small = doc('Small doc');
    const pdf = fake.addFile({
      name: 'r.pdf',
      mimeType: GOOGLE_MIME.pdf,
      content: fixture('remote-work.pdf'),
    });
    const out = await new Index({ apiBase: fake.url, folderIds: [] }).sync();
    expect(ids(out.items)).toEqual(fileIds(small, pdf));
    expect(out.failures).toEqual([
      {
        externalId: `file:${big.id}`,
        title: 'Big doc',
        url: big.webViewLink,
        message: expect.stringContaining('10 MB'),
        version: big.version,
      },
    ]);
  });
});
