import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorContext } from '../src/modules/connectors/connector.js';
import {
  ConnectorAuthError,
  ConnectorUnavailableError,
} from '../src/modules/connectors/tool-failures.js';
import { ConnectorHttp } from '../src/modules/connectors/connector-http.js';
import { basicAuth, bearerAuth } from '../src/modules/connectors/credentials.js';
import type { JiraSettings } from '../src/modules/connectors/jira/jira-connector.js';
import { jiraMemberAccess } from '../src/modules/connectors/jira/jira-member-access.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';

// The Jira member access reader against the loopback fake: asked with each person's own OAuth
// token, it must answer exactly the issues the fake's oracle lets that person browse.

const PEOPLE = ['alice', 'bob', 'carol', 'dave', 'erin', 'zed'];
const DEVELOPERS = '10002';
const LEADS = '20001';
/** Plain issues beside the named ones, so the ids take several requests. */
const BULK_ISSUES = 230;
const BULK_PATH = /\/rest\/api\/3\/issue\/bulkfetch$/;

let fake: FakeAtlassian;
/** Issue ids by name. */
let ids: Record<string, string>;
let allIds: string[];

/** A context with this Bearer token, or with the connection's own Basic credentials ('basic'). */
function ctxFor(auth: string) {
  const basic = auth === 'basic';
  return {
    http: new ConnectorHttp({
      label: 'Jira',
      auth: basic ? basicAuth('jira-admin@example.com', 'jira-token') : bearerAuth(auth),
      allowPrivateHosts: true,
      retryBaseMs: 5,
    }),
    settings: {
      apiBase: basic ? fake.url : `${fake.url}/ex/jira/${fake.cloudId}`,
      siteUrl: fake.url,
      projectKeys: [],
    },
    parse: async () => {
      throw new Error('No files here.');
    },
  } satisfies ConnectorContext<JiraSettings>;
}

/** A context carrying this world person's own token, as their linked account would. */
const memberCtx = (person: string) => ctxFor(fake.issueToken(person));

/**
 * Groups: eng (alice, bob); ops (carol) ⊃ oncall (dave). APP: Browse for eng and erin, with a
 * level Leads (erin, and the reporter). OPS: Browse for the Developers role (ops) only, so the
 * others cannot browse it. OPEN: Browse for anyone. Issues: in APP a plain one, one at Leads,
 * one at Leads reported by bob, and 230 plain ones; one in OPS; one in OPEN; one deleted.
 */
function buildWorld() {
  const w = fake.world;
  for (const key of PEOPLE) w.addUser(key);
  w.addGroup('eng', { users: ['alice', 'bob'] });
  w.addGroup('ops', { users: ['carol'], groups: ['oncall'] });
  w.addGroup('oncall', { users: ['dave'] });
  for (const key of ['APP', 'OPS', 'OPEN']) fake.addProject({ key });
  Object.assign(w.project('APP'), {
    permissions: {
      BROWSE_PROJECTS: [
        { type: 'group', group: 'eng' },
        { type: 'user', user: 'erin' },
      ],
    },
    securityLevels: {
      [LEADS]: { name: 'Leads', holders: [{ type: 'user', user: 'erin' }, { type: 'reporter' }] },
    },
  });
  Object.assign(w.project('OPS'), {
    permissions: { BROWSE_PROJECTS: [{ type: 'projectRole', role: DEVELOPERS }] },
    roles: { [DEVELOPERS]: { name: 'Developers', users: [], groups: ['ops'] } },
  });
  w.project('OPEN').permissions = { BROWSE_PROJECTS: [{ type: 'anyone' }] };
  const add = (input: Parameters<FakeAtlassian['addIssue']>[0]) => fake.addIssue(input).id;
  ids = {};
  ids.app = add({ projectKey: 'APP', summary: 'Plain' });
  ids.leads = add({ projectKey: 'APP', summary: 'Leads only', securityLevel: LEADS });
  ids.bobs = add({ projectKey: 'APP', summary: 'Bob’s', securityLevel: LEADS, reporter: 'bob' });
  ids.ops = add({ projectKey: 'OPS', summary: 'Incident' });
  ids.open = add({ projectKey: 'OPEN', summary: 'Public' });
  ids.deleted = add({ projectKey: 'OPEN', summary: 'Deleted' });
  fake.deleteIssue(ids.deleted);
  allIds = [
    ...Object.values(ids).map((id) => `issue:${id}`),
    ...Array.from(
      { length: BULK_ISSUES },
      (_, i) => `issue:${add({ projectKey: 'APP', summary: `Bulk ${i}` })}`,
    ),
  ];
}

const item = (name: string) => `issue:${ids[name]}`;
const oracle = (person: string, items = allIds) => items.filter((i) => fake.canRead(person, i));
const sorted = (items: Iterable<string>) => [...items].sort();
const readersOf = (answers: Map<string, string[]>, name: string) =>
  PEOPLE.filter((p) => answers.get(p)!.includes(item(name)));

/** Every person's answer against the oracle; returns the answers. */
async function expectMatchesOracle(items = allIds) {
  const answers = new Map<string, string[]>();
  for (const person of PEOPLE) {
    const readable = await jiraMemberAccess.readableItems(memberCtx(person), items);
    expect(sorted(readable), person).toEqual(sorted(oracle(person, items)));
    answers.set(person, sorted(readable));
  }
  return answers;
}

beforeEach(async () => {
  fake = await startFakeAtlassian();
  fake.addApiToken('jira-admin@example.com', 'jira-token');
  buildWorld();
});

afterEach(async () => {
  await fake.close();
});

describe('Jira member access', () => {
  it('answers for each person exactly the issues Jira lets them browse', async () => {
    const answers = await expectMatchesOracle();
    const count = (person: string) => answers.get(person)!.length;
    // The world is not trivial: people see different, partial sets.
    expect(count('alice')).toBeGreaterThan(BULK_ISSUES);
    expect(count('alice')).toBeLessThan(allIds.length);
    expect(answers.get('zed')).toEqual([item('open')]);
    expect(new Set(PEOPLE.map(count)).size).toBeGreaterThan(2);
    // A security level: its holders only, the reporter among them for their own issue.
    expect(readersOf(answers, 'leads')).toEqual(['erin']);
    expect(readersOf(answers, 'bobs')).toEqual(['bob', 'erin']);
    // A project some cannot browse (through a role and a nested group).
    expect(readersOf(answers, 'ops')).toEqual(['carol', 'dave']);
    expect(readersOf(answers, 'deleted')).toEqual([]);
  });

  it('ids it does not recognise are not readable', async () => {
    const odd = [`page:${ids.open}`, 'issue:abc', 'issue:999999', ids.open!, 'OPEN-1'];
    const readable = await jiraMemberAccess.readableItems(memberCtx('zed'), [...odd, item('open')]);
    expect(sorted(readable)).toEqual([item('open')]);
    expect(await jiraMemberAccess.readableItems(memberCtx('zed'), [])).toEqual(new Set());
  });

  it('follows a change in the world at the next question', async () => {
    fake.world.groups.get('eng')!.users = ['alice'];
    fake.world.issue(ids.app!).securityLevel = LEADS;
    fake.world.project('OPS').roles[DEVELOPERS]!.groups = ['oncall'];
    const answers = await expectMatchesOracle();
    // Out of eng, bob may not browse APP: reporting an issue there gives him nothing.
    expect(answers.get('bob')).toEqual([item('open')]);
    expect(readersOf(answers, 'app')).toEqual(['erin']);
    expect(readersOf(answers, 'ops')).toEqual(['dave']);
  });

  it('asks once per 100 issues', async () => {
    fake.requests.length = 0;
    await jiraMemberAccess.readableItems(memberCtx('alice'), allIds);
    const fetches = fake.requests.filter((r) => BULK_PATH.test(r.path));
    expect(fetches).toHaveLength(Math.ceil(allIds.length / 100));
    expect(fake.requests).toHaveLength(fetches.length);
    for (const r of fetches) expect(r.body.issueIdsOrKeys.length).toBeLessThanOrEqual(100);
  });

  it('a token of no world person sees what it saw before: every issue there is', async () => {
    const readable = await jiraMemberAccess.readableItems(ctxFor('basic'), allIds);
    expect(sorted(readable)).toEqual(sorted(allIds.filter((i) => i !== item('deleted'))));
  });

  it('a dead or unknown token rejects with ConnectorAuthError', async () => {
    const ctx = memberCtx('alice');
    fake.expireAccessTokens();
    await expect(jiraMemberAccess.readableItems(ctx, allIds)).rejects.toBeInstanceOf(
      ConnectorAuthError,
    );
    await expect(
      jiraMemberAccess.readableItems(ctxFor('not-a-token'), allIds),
    ).rejects.toBeInstanceOf(ConnectorAuthError);
  });

  it('a 403 on the endpoint (a missing scope) is a ConnectorAuthError naming the scope', async () => {
    fake.failNext(
      { path: '/rest/api/3/issue/bulkfetch' },
      { status: 403, body: { errorMessages: ['Forbidden'], errors: {} } },
    );
    const read = jiraMemberAccess.readableItems(memberCtx('alice'), allIds);
    await expect(read).rejects.toBeInstanceOf(ConnectorAuthError);
    await expect(read).rejects.toThrow(/read:jira-work/);
  });

  it('a 5xx that persists rejects with ConnectorUnavailableError', async () => {
    fake.failNext({ path: '/rest/api/3/issue/bulkfetch' }, { status: 503 }, 20);
    await expect(jiraMemberAccess.readableItems(memberCtx('alice'), allIds)).rejects.toBeInstanceOf(
      ConnectorUnavailableError,
    );
  });
});
