import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import {
  ConnectorAuthError,
  ConnectorUnavailableError,
} from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import type { ConfluenceSettings } from '../src/modules/connectors/confluence/confluence-connector.js';
import { confluenceMemberAccess } from '../src/modules/connectors/confluence/confluence-member-access.js';
import { basicAuth, bearerAuth } from '../src/modules/connectors/credentials.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';

// The Confluence member access reader against the loopback fake: asked with each person's own
// OAuth token, it must answer exactly the items the fake's oracle lets that person read.

const PEOPLE = ['alice', 'bob', 'carol', 'dave', 'erin', 'zed'];
/** Plain pages in ENG beside the named ones, so the pages take more than one request. */
const BULK_PAGES = 260;
const LIST_PATH = /\/wiki\/api\/v2\/(pages|blogposts)$/;

let fake: FakeAtlassian;
/** Page and blog post ids by name. */
let ids: Record<string, string>;
/** Every item's external id: the named ones and the bulk pages. */
let allIds: string[];

/** A context with this Bearer token, or with the connection's own Basic credentials ('basic'). */
function ctxFor(auth: string) {
  const basic = auth === 'basic';
  return {
    http: new ConnectorHttp({
      label: 'Confluence',
      auth: basic ? basicAuth('sync@example.com', 'sync-token') : bearerAuth(auth),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings: {
      apiBase: basic ? fake.url : `${fake.url}/ex/confluence/${fake.cloudId}`,
      siteUrl: fake.url,
      spaceKeys: [],
    },
    parse: async () => {
      throw new Error('No files here.');
    },
  } satisfies ConnectorContext<ConfluenceSettings>;
}

/** A context carrying this world person's own token, as their linked account would. */
const memberCtx = (person: string) => ctxFor(fake.issueToken(person));

/**
 * Groups: eng (alice) ⊃ backend (bob); design (dave). ENG: read for eng and erin. OPS: read for
 * design and erin (the others cannot read it). PUB: anonymous read. Pages: in ENG a page
 * restricted to erin alone, one restricted to backend with an unrestricted child and a child
 * restricted to alice (so no one passes both), a blog post and 260 plain pages; in OPS a page and
 * a blog post; in PUB a page; one page hidden from everyone and one trashed.
 */
function buildWorld() {
  const w = fake.world;
  for (const key of PEOPLE) w.addUser(key);
  w.addGroup('eng', { users: ['alice'], groups: ['backend'] });
  w.addGroup('backend', { users: ['bob'] });
  w.addGroup('design', { users: ['dave'] });
  for (const key of ['ENG', 'OPS', 'PUB']) fake.addSpace({ key });
  w.space('ENG').permissions = { 'read/space': { users: ['erin'], groups: ['eng'] } };
  w.space('OPS').permissions = { 'read/space': { users: ['erin'], groups: ['design'] } };
  w.space('PUB').permissions = { 'read/space': { anonymous: true, users: [], groups: [] } };
  const add = (spaceKey: string, title: string, more: { parentId?: string; blog?: boolean } = {}) =>
    fake.addPage({
      spaceKey,
      title,
      storage: `<p>${title}</p>`,
      parentId: more.parentId,
      type: more.blog ? 'blogpost' : 'page',
    }).id;
  ids = {};
  ids.home = add('ENG', 'Home');
  ids.erinOnly = add('ENG', 'Erin only');
  ids.backend = add('ENG', 'Backend');
  ids.backendChild = add('ENG', 'Backend child', { parentId: ids.backend });
  ids.aliceUnderBackend = add('ENG', 'Alice under backend', { parentId: ids.backend });
  ids.engBlog = add('ENG', 'ENG news', { blog: true });
  ids.ops = add('OPS', 'Runbook');
  ids.opsBlog = add('OPS', 'OPS news', { blog: true });
  ids.pub = add('PUB', 'Public');
  ids.hidden = add('ENG', 'Hidden');
  ids.trashed = add('ENG', 'Trashed');
  w.content(ids.erinOnly).readRestriction = { users: ['erin'], groups: [] };
  w.content(ids.backend).readRestriction = { users: [], groups: ['backend'] };
  w.content(ids.aliceUnderBackend).readRestriction = { users: ['alice'], groups: [] };
  fake.restrictPage(ids.hidden);
  fake.trashPage(ids.trashed);
  allIds = [
    ...Object.entries(ids).map(
      ([name, id]) => `${name.endsWith('Blog') ? 'blogpost' : 'page'}:${id}`,
    ),
    ...Array.from({ length: BULK_PAGES }, (_, i) => `page:${add('ENG', `Bulk ${i}`)}`),
  ];
}

const item = (name: string) => `${name.endsWith('Blog') ? 'blogpost' : 'page'}:${ids[name]}`;
const oracle = (person: string, items = allIds) => items.filter((i) => fake.canRead(person, i));
const sorted = (items: Iterable<string>) => [...items].sort();

/** Every person's answer against the oracle; returns the answers. */
async function expectMatchesOracle(items = allIds) {
  const answers = new Map<string, string[]>();
  for (const person of PEOPLE) {
    const readable = await confluenceMemberAccess.readableItems(memberCtx(person), items);
    expect(sorted(readable), person).toEqual(sorted(oracle(person, items)));
    answers.set(person, sorted(readable));
  }
  return answers;
}

beforeEach(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken('sync@example.com', 'sync-token');
  buildWorld();
});

afterEach(async () => {
  await fake.close();
});

describe('Confluence member access', () => {
  it('answers for each person exactly what Confluence lets them read', async () => {
    const answers = await expectMatchesOracle();
    const count = (person: string) => answers.get(person)!.length;
    // The world is not trivial: people see different, partial sets.
    expect(count('alice')).toBeGreaterThan(BULK_PAGES);
    expect(count('alice')).toBeLessThan(allIds.length);
    expect(count('zed')).toBe(1);
    expect(answers.get('zed')).toEqual([item('pub')]);
    expect(new Set(PEOPLE.map(count)).size).toBeGreaterThan(2);
    // A page restricted to one user: that user alone.
    expect(PEOPLE.filter((p) => answers.get(p)!.includes(item('erinOnly')))).toEqual(['erin']);
    // A child inherits its restricted parent's restriction; both restrictions apply below.
    expect(PEOPLE.filter((p) => answers.get(p)!.includes(item('backendChild')))).toEqual(['bob']);
    expect(PEOPLE.filter((p) => answers.get(p)!.includes(item('aliceUnderBackend')))).toEqual([]);
    // A space some cannot read, its blog post included.
    expect(PEOPLE.filter((p) => answers.get(p)!.includes(item('opsBlog')))).toEqual([
      'dave',
      'erin',
    ]);
    for (const person of PEOPLE) {
      expect(answers.get(person)).not.toContain(item('hidden'));
      expect(answers.get(person)).not.toContain(item('trashed'));
    }
  });

  it('ids it does not recognise, or of the other kind, are not readable', async () => {
    const odd = [
      `blogpost:${ids.home}`,
      `page:${ids.engBlog}`,
      `issue:${ids.home}`,
      'page:abc',
      'page:999999',
      ids.home!,
    ];
    const readable = await confluenceMemberAccess.readableItems(memberCtx('erin'), [
      ...odd,
      item('home'),
    ]);
    expect(sorted(readable)).toEqual([item('home')]);
    expect(await confluenceMemberAccess.readableItems(memberCtx('erin'), [])).toEqual(new Set());
  });

  it('follows a change in the world at the next question', async () => {
    fake.world.space('OPS').permissions['read/space']!.groups = [];
    fake.world.content(ids.home!).readRestriction = { users: ['bob'], groups: [] };
    fake.world.groups.get('backend')!.users = [];
    const answers = await expectMatchesOracle();
    expect(answers.get('dave')).toEqual([item('pub')]);
    expect(answers.get('bob')).not.toContain(item('home'));
    expect(answers.get('bob')).not.toContain(item('backendChild'));
    expect(answers.get('erin')).not.toContain(item('home'));
    expect(answers.get('erin')).toContain(item('opsBlog'));
  });

  it('asks once per 250 ids of a kind, and follows the next link of an empty page', async () => {
    fake.requests.length = 0;
    await confluenceMemberAccess.readableItems(memberCtx('alice'), allIds);
    const lists = fake.requests.filter((r) => LIST_PATH.test(r.path));
    const pages = allIds.filter((i) => i.startsWith('page:')).length;
    expect(lists).toHaveLength(Math.ceil(pages / 250) + 1);
    expect(fake.requests).toHaveLength(lists.length);
    for (const r of lists) expect(r.query.getAll('id').length).toBeLessThanOrEqual(250);

    fake.emptyPageWithNext({ path: '/wiki/api/v2/pages' });
    const readable = await confluenceMemberAccess.readableItems(memberCtx('alice'), allIds);
    expect(sorted(readable)).toEqual(sorted(oracle('alice')));
  });

  it('a token of no world person sees what it saw before: everything there is', async () => {
    const readable = await confluenceMemberAccess.readableItems(ctxFor('basic'), allIds);
    const there = allIds.filter((i) => i !== item('hidden') && i !== item('trashed'));
    expect(sorted(readable)).toEqual(sorted(there));
  });

  it('the token is the person’s: GET /me answers them', async () => {
    const token = fake.issueToken('dave');
    const me = await fetch(`${fake.url}/me`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await me.json()) as { account_id: string };
    expect(body.account_id).toBe(fake.world.users.get('dave')!.accountId);
  });

  it('a dead or unknown token rejects with ConnectorAuthError', async () => {
    const ctx = memberCtx('alice');
    fake.expireAccessTokens();
    await expect(confluenceMemberAccess.readableItems(ctx, allIds)).rejects.toBeInstanceOf(
      ConnectorAuthError,
    );
    await expect(
      confluenceMemberAccess.readableItems(ctxFor('not-a-token'), allIds),
    ).rejects.toBeInstanceOf(ConnectorAuthError);
  });

  it('a 403 on the listing (a missing scope) is a ConnectorAuthError naming the scope', async () => {
    fake.failNext(
      { path: '/wiki/api/v2/blogposts' },
      { status: 403, body: { errors: [{ status: 403, title: 'Forbidden' }] } },
    );
    const read = confluenceMemberAccess.readableItems(memberCtx('alice'), allIds);
    await expect(read).rejects.toBeInstanceOf(ConnectorAuthError);
    await expect(read).rejects.toThrow(/read:blogpost:confluence/);
  });

  it('a 5xx that persists rejects with ConnectorUnavailableError', async () => {
    fake.failNext({ path: '/wiki/api/v2/pages' }, { status: 502 }, 20);
    await expect(
      confluenceMemberAccess.readableItems(memberCtx('alice'), allIds),
    ).rejects.toBeInstanceOf(ConnectorUnavailableError);
  });
});
