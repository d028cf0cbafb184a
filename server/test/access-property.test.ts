import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, newAdmin, type Account } from './helpers/accounts.js';
import {
  codeOf,
  createGroup,
  deleteGroup,
  gqlOk,
  removeMember,
  setSourceAccess,
  updateGroup,
  uploadTextTo,
  waitIndexed,
  type AccessInput,
} from './helpers/access.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Property: in random small worlds (members, groups, sources with random owners, modes and
 * grants) and after every step of a random sequence of changes, every member's searchDocuments
 * (and, for some, ask) returns a source's document if and only if an independent oracle — plain
 * TypeScript over the world model below, calling no server code — says they may read it.
 *
 * Deterministic: the worlds come from a seeded PRNG. ACCESS_PROPERTY_SEED=<n> replays one world
 * (the seed is printed with any failure); ACCESS_PROPERTY_WORLDS sets how many are tried.
 */

const BASE_SEED = Number(process.env.ACCESS_PROPERTY_SEED ?? 20_260_401);
const WORLDS = process.env.ACCESS_PROPERTY_SEED
  ? 1
  : Number(process.env.ACCESS_PROPERTY_WORLDS ?? 5);
const STEPS = 6;

/** mulberry32: a small, well-mixed 32-bit PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const subset = <T>(xs: readonly T[], p = 0.4): T[] => xs.filter(() => next() < p);
  const word = (n: number) =>
    Array.from({ length: n }, () => 'bcdfghjklmnpqrtvwxz'[int(0, 18)]).join('');
  return { next, int, pick, subset, word };
}

// ---------------------------------------------------------------------------------------------
// The world model and the oracle: nothing here knows how the server decides.

interface MemberModel {
  id: string;
  account: Account;
  admin: boolean;
  present: boolean;
}
interface GroupModel {
  id: string;
  name: string;
  members: Set<string>;
}
interface SourceModel {
  id: string;
  ownerId: string;
  restricted: boolean;
  memberIds: Set<string>;
  groupIds: Set<string>;
  docId: string;
  word: string;
}
interface World {
  members: MemberModel[];
  groups: GroupModel[];
  sources: SourceModel[];
}

/** Who may read a source's documents, by the rules as written in the issue. */
function oracleReads(world: World, member: MemberModel, source: SourceModel): boolean {
  if (!member.present) return false;
  if (!source.restricted) return true;
  if (source.ownerId === member.id) return true;
  if (source.memberIds.has(member.id)) return true;
  return world.groups.some((g) => source.groupIds.has(g.id) && g.members.has(member.id));
}

const present = (world: World) => world.members.filter((m) => m.present);

function applyAccess(source: SourceModel, input: AccessInput) {
  source.restricted = input.mode === 'RESTRICTED';
  source.memberIds = new Set(source.restricted ? (input.memberIds ?? []) : []);
  source.groupIds = new Set(source.restricted ? (input.groupIds ?? []) : []);
}

function describeWorld(world: World): string {
  const name = (id: string) => {
    const i = world.members.findIndex((m) => m.id === id);
    return i === -1 ? id : `m${i}${world.members[i]!.present ? '' : '(gone)'}`;
  };
  const groupName = (id: string) => world.groups.find((g) => g.id === id)?.name ?? `${id}(gone)`;
  return [
    ...world.groups.map((g) => `  group ${g.name}: ${[...g.members].map(name).join(', ')}`),
    ...world.sources.map(
      (s) =>
        `  source ${s.word}: owner ${name(s.ownerId)}, ${s.restricted ? 'RESTRICTED' : 'WORKSPACE'}` +
        (s.restricted
          ? ` members [${[...s.memberIds].map(name).join(', ')}] groups [${[...s.groupIds].map(groupName).join(', ')}]`
          : ''),
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: `/tmp/lumen-test-access-property-${process.pid}` });
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

function randomAccess(rng: ReturnType<typeof prng>, world: World): AccessInput {
  if (rng.next() < 0.35) return { mode: 'WORKSPACE' };
  return {
    mode: 'RESTRICTED',
    memberIds: rng.subset(
      present(world).map((m) => m.id),
      0.3,
    ),
    groupIds: rng.subset(
      world.groups.map((g) => g.id),
      0.5,
    ),
  };
}

async function createSource(
  rng: ReturnType<typeof prng>,
  world: World,
  seed: number,
  owner: MemberModel,
  wait: boolean,
): Promise<SourceModel> {
  const access = randomAccess(rng, world);
  const word = `p${seed % 997}q${world.sources.length}${rng.word(6)}`;
  const res = await app.graphqlRaw(
    `mutation($i: CreateUploadSourceInput!) { createUploadSource(input: $i) { id } }`,
    { i: { name: `Source ${word}`, description: 'Property test', access } },
    owner.account.token,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  const id = res.data.createUploadSource.id as string;
  const docId = await uploadTextTo(
    app,
    owner.account,
    id,
    `${word}.txt`,
    `Record ${word}.\nThe ${word} entry belongs to one source only.`,
    {},
    wait,
  );
  const source: SourceModel = {
    id,
    ownerId: owner.id,
    restricted: false,
    memberIds: new Set(),
    groupIds: new Set(),
    docId,
    word,
  };
  applyAccess(source, access);
  world.sources.push(source);
  return source;
}

/** Every present member's searchDocuments against the oracle; `ask` for one of them. */
async function check(rng: ReturnType<typeof prng>, world: World, when: string) {
  const query = world.sources.map((s) => s.word).join(' ');
  const byDoc = new Map(world.sources.map((s) => [s.docId, s]));
  const wordsOf = (ids: Iterable<string>) =>
    [...ids].map((id) => byDoc.get(id)?.word ?? `unknown document ${id}`).sort();
  const mismatches: string[] = [];
  await Promise.all(
    present(world).map(async (member) => {
      const expected = world.sources
        .filter((s) => oracleReads(world, member, s))
        .map((s) => s.docId);
      const data = await gqlOk(
        app,
        member.account,
        `query($q: String!) { searchDocuments(query: $q, first: 50) { hits { documentId } } }`,
        { q: query },
      );
      const got = data.searchDocuments.hits.map((h: { documentId: string }) => h.documentId);
      const want = wordsOf(expected);
      const have = wordsOf(got);
      if (JSON.stringify(want) !== JSON.stringify(have))
        mismatches.push(
          `${when}: m${world.members.indexOf(member)} searchDocuments answered [${have}] but may read [${want}]`,
        );
    }),
  );
  // ask: what it cites or relates must be readable, and it finds something when anything is.
  const asker = rng.pick(present(world));
  const readable = new Set(
    world.sources.filter((s) => oracleReads(world, asker, s)).map((s) => s.docId),
  );
  const target = rng.pick(world.sources);
  const answered = await gqlOk(
    app,
    asker.account,
    `mutation($q: String!) { ask(input: { question: $q }) { sources { documentId } related { documentId } } }`,
    { q: `What is the ${target.word} record?` },
  );
  const used = [...answered.ask.sources, ...answered.ask.related].map(
    (s: { documentId: string }) => s.documentId,
  );
  const unreadable = used.filter((id: string) => !readable.has(id));
  if (unreadable.length > 0)
    mismatches.push(
      `${when}: m${world.members.indexOf(asker)}'s ask about ${target.word} used unreadable [${wordsOf(unreadable)}]`,
    );
  if (readable.has(target.docId) && !used.includes(target.docId))
    mismatches.push(
      `${when}: m${world.members.indexOf(asker)}'s ask about ${target.word} missed it though they may read it`,
    );
  return mismatches;
}

async function runWorld(seed: number): Promise<{ trace: string[]; mismatches: string[] }> {
  const rng = prng(seed);
  const trace: string[] = [];
  const admin = await newAdmin(app, 'Ada');
  const world: World = {
    members: [{ id: admin.id, account: admin, admin: true, present: true }],
    groups: [],
    sources: [],
  };
  const others = await Promise.all(
    Array.from({ length: rng.int(2, 4) }, (_, i) =>
      addMember(app, admin, ['product_expert'], `Member${i + 1}`),
    ),
  );
  for (const account of others)
    world.members.push({ id: account.id, account, admin: false, present: true });

  let groupCounter = 0;
  const newGroup = async () => {
    const name = `g${++groupCounter}`;
    const members = rng.subset(
      present(world).map((m) => m.id),
      0.5,
    );
    const id = await createGroup(app, admin, name, members);
    world.groups.push({ id, name, members: new Set(members) });
    return name;
  };
  for (let i = rng.int(0, 3); i > 0; i--) await newGroup();
  for (let i = rng.int(3, 6); i > 0; i--)
    await createSource(rng, world, seed, rng.pick(world.members), false);
  await waitIndexed(
    app,
    world.sources.map((s) => s.docId),
  );
  trace.push(`world (seed ${seed}):\n${describeWorld(world)}`);
  const mismatches = await check(rng, world, 'initial world');

  for (let step = 1; step <= STEPS && mismatches.length === 0; step++) {
    const kinds = [
      'setSourceAccess',
      'setSourceAccess',
      'updateGroup',
      'updateGroup',
      'deleteGroup',
      'removeMember',
      'createSource',
    ] as const;
    const kind = rng.pick(kinds);
    let did = '';
    if (kind === 'setSourceAccess') {
      const source = rng.pick(world.sources);
      // Mostly someone who may change it (its owner while present, or the admin); else anyone.
      const managers = present(world).filter((m) => m.admin || m.id === source.ownerId);
      const actor = rng.next() < 0.6 ? rng.pick(managers) : rng.pick(present(world));
      const input = randomAccess(rng, world);
      const res = await setSourceAccess(app, actor.account, source.id, input);
      const manages = actor.admin || actor.id === source.ownerId;
      const expected = manages
        ? undefined
        : oracleReads(world, actor, source)
          ? 'FORBIDDEN'
          : 'NOT_FOUND';
      if (codeOf(res) !== expected)
        mismatches.push(
          `step ${step}: setSourceAccess on ${source.word} by m${world.members.indexOf(actor)} answered ${codeOf(res) ?? 'success'}, expected ${expected ?? 'success'}`,
        );
      if (manages) applyAccess(source, input);
      did = `m${world.members.indexOf(actor)} sets ${source.word} to ${JSON.stringify(input)} (${codeOf(res) ?? 'ok'})`;
    } else if (kind === 'updateGroup' && world.groups.length > 0) {
      const group = rng.pick(world.groups);
      const members = rng.subset(
        present(world).map((m) => m.id),
        0.5,
      );
      await updateGroup(app, admin, group.id, group.name, members);
      group.members = new Set(members);
      did = `group ${group.name} becomes [${members.map((id) => `m${world.members.findIndex((m) => m.id === id)}`)}]`;
    } else if (kind === 'deleteGroup' && world.groups.length > 0) {
      const group = rng.pick(world.groups);
      await deleteGroup(app, admin, group.id);
      world.groups = world.groups.filter((g) => g !== group);
      for (const s of world.sources) s.groupIds.delete(group.id);
      did = `group ${group.name} deleted`;
    } else if (kind === 'removeMember' && present(world).length > 2) {
      const member = rng.pick(present(world).filter((m) => !m.admin));
      await removeMember(app, admin, member.id);
      member.present = false;
      for (const g of world.groups) g.members.delete(member.id);
      for (const s of world.sources) s.memberIds.delete(member.id);
      did = `m${world.members.indexOf(member)} removed from the workspace`;
      // Their session is over: not a reader of anything any more.
      const gone = await app.graphqlRaw(`{ me { id } }`, {}, member.account.token);
      if (codeOf(gone) !== 'UNAUTHENTICATED')
        mismatches.push(
          `step ${step}: a removed member's token still answers ${JSON.stringify(gone)}`,
        );
    } else if (kind === 'createSource' || world.groups.length === 0) {
      if (kind !== 'createSource' && rng.next() < 0.5) {
        did = `group ${await newGroup()} created`;
      } else {
        const source = await createSource(rng, world, seed, rng.pick(present(world)), true);
        did = `source ${source.word} created`;
      }
    } else {
      did = `group ${await newGroup()} created`;
    }
    trace.push(`step ${step}: ${did}\n${describeWorld(world)}`);
    mismatches.push(...(await check(rng, world, `after step ${step} (${did})`)));
  }
  return { trace, mismatches };
}

describe('property: search returns a document iff the oracle says its reader may read it', () => {
  it(`holds in ${WORLDS} random worlds of ${STEPS} changes each`, async () => {
    for (let w = 0; w < WORLDS; w++) {
      const seed = BASE_SEED + w;
      let result: { trace: string[]; mismatches: string[] };
      try {
        result = await runWorld(seed);
      } catch (error) {
        console.error(
          `access property: world with seed ${seed} failed (ACCESS_PROPERTY_SEED=${seed})`,
        );
        throw error;
      }
      if (result.mismatches.length > 0)
        console.error(
          `access property: seed ${seed} (replay with ACCESS_PROPERTY_SEED=${seed})\n${result.trace.join('\n')}`,
        );
      expect(result.mismatches, `seed ${seed} (ACCESS_PROPERTY_SEED=${seed})`).toEqual([]);
    }
  }, 120_000);
});
