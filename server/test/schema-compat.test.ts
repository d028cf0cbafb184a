/**
 * scripts/schema-compat.mjs (the schema compatibility check of `npm run check`), run as CI runs
 * it, against small schemas and changelogs in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/schema-compat.mjs');
const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

const RELEASED = `
type Query { bot(id: ID!): Bot! bots(first: Int): [Bot!]! }
type Bot { id: ID! name: String! privacy: String! total: Int! }
enum Vote { UP DOWN }
type Mutation { vote(v: Vote!): Boolean! }
`;

function run(opts: { schema: string; changelog: string; releases?: Record<string, string> }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-schema-compat-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'schema', 'releases'), { recursive: true });
  for (const [name, text] of Object.entries(opts.releases ?? { '1.0.0.graphql': RELEASED })) {
    fs.writeFileSync(path.join(root, 'schema', 'releases', name), text);
  }
  fs.writeFileSync(path.join(root, 'schema.graphql'), opts.schema);
  fs.writeFileSync(path.join(root, 'CHANGELOG.md'), opts.changelog);
  const res = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

// The 1.0.0 section lists `Bot.total` and `Bot.privacy` too: only the Unreleased section counts.
const changelog = (unreleased: string) =>
  `# Changelog\n\n## [Unreleased]\n\n${unreleased}\n\n## [1.0.0] - 2026-11-26\n\n### Removed\n\n- \`Bot.total\`, \`Bot.privacy\`\n`;
const withoutTotal = RELEASED.replace(' total: Int!', '');

describe('schema compatibility check', () => {
  it('passes an unchanged schema, and additions, printing them', () => {
    const added = RELEASED.replace('total: Int!', 'total: Int! totalCount: Int!');
    const res = run({ schema: added, changelog: changelog('### Added\n\n- `Bot.totalCount`') });
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain("Field 'totalCount' was added to object type 'Bot'");
    expect(run({ schema: RELEASED, changelog: changelog('') }).code).toBe(0);
  });

  it('fails on a removed field that the Unreleased section does not list, naming it', () => {
    const res = run({ schema: withoutTotal, changelog: changelog('### Added\n\n- Nothing.') });
    expect(res.code).toBe(1);
    expect(res.err).toContain('Breaking changes not listed in CHANGELOG.md');
    expect(res.err).toContain("Bot.total  (FIELD_REMOVED) Field 'total' was removed");
  });

  it('accepts a removal listed under Removed of Unreleased, in a code span', () => {
    const res = run({
      schema: withoutTotal,
      changelog: changelog(
        '### Removed\n\n- `Bot.total` (deprecated since 1.0.0): use `Bot.totalCount`.',
      ),
    });
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain('Breaking, listed in CHANGELOG.md under Unreleased:\n  Bot.total');
  });

  it('does not count a removal mentioned only under Deprecated or Changed, in plain text, in an older release, or by a longer name', () => {
    for (const unreleased of [
      '### Deprecated\n\n- `Bot.total`: use `totalCount`.',
      '### Changed\n\n- `Bot.total` is gone.',
      '### Removed\n\n- Bot.total, without a code span.',
      '### Removed\n\n- `Bot.totalCount`',
      '### Removed\n\n- `Bot`',
    ]) {
      expect(run({ schema: withoutTotal, changelog: changelog(unreleased) }).code, unreleased).toBe(
        1,
      );
    }
  });

  it('accepts another breaking change under Changed, by the leading path of a code span', () => {
    const res = run({
      schema: RELEASED.replace('privacy: String!', 'privacy: Int!'),
      changelog: changelog('### Changed\n\n- `Bot.privacy: String! → Int!`'),
    });
    expect(res.code, res.err).toBe(0);
    expect(
      run({
        schema: RELEASED.replace('privacy: String!', 'privacy: Int!'),
        changelog: changelog(''),
      }).code,
    ).toBe(1);
  });

  it('prints dangerous changes (an enum value added) without failing', () => {
    const res = run({
      schema: RELEASED.replace('UP DOWN', 'UP DOWN MEH'),
      changelog: changelog(''),
    });
    expect(res.code, res.err).toBe(0);
    expect(res.out).toMatch(/Dangerous[^\n]*\n {2}Vote\.MEH/);
  });

  it('fails on a removed argument and a newly required one, by their paths', () => {
    const res = run({
      schema: RELEASED.replace('bot(id: ID!)', 'bot(key: String!)'),
      changelog: changelog(''),
    });
    expect(res.code).toBe(1);
    expect(res.err).toContain('Query.bot.id  (FIELD_ARGUMENT_REMOVED)');
    expect(res.err).toContain('Query.bot.key  (FIELD_ARGUMENT_ADDED)');
  });

  it('fails when a field’s type is swapped for one without the old fields (botLogs in 6fb9a9f)', () => {
    const released = `${RELEASED}
      extend type Query { logs: LogPage! }
      type LogPage { entries: [Bot!]! total: Int! }`;
    const swapped = `${RELEASED}
      extend type Query { logs: LogConnection! }
      type LogConnection { nodes: [Bot!]! totalCount: Int! }`;
    const res = run({
      schema: swapped,
      changelog: changelog('### Changed\n\n- `Query.logs`\n\n### Removed\n\n- `LogPage`'),
      releases: { '1.0.0.graphql': released },
    });
    expect(res.code).toBe(1);
    expect(res.err).toContain(
      "LogConnection.total  (FIELD_REMOVED) Field 'total' of LogPage is missing from LogConnection, the type Query.logs has now",
    );
    expect(res.err).toContain('LogConnection.entries  (FIELD_REMOVED)');
    // The fix: the old fields kept on the new type (deprecated), the old type as an interface.
    const restored = `${RELEASED}
      extend type Query { logs: LogConnection! }
      interface LogPage { entries: [Bot!]! @deprecated(reason: "Use nodes.") total: Int! }
      type LogConnection implements LogPage { nodes: [Bot!]! totalCount: Int! entries: [Bot!]! total: Int! }`;
    const ok = run({
      schema: restored,
      changelog: changelog('### Changed\n\n- `Query.logs`, `LogPage` (now an interface)'),
      releases: { '1.0.0.graphql': released },
    });
    expect(ok.code, ok.err).toBe(0);
    // A field then dropped from the interface is a removal again.
    const dropped = run({
      schema: restored.replace('@deprecated(reason: "Use nodes.") total: Int! }', '}'),
      changelog: changelog('### Changed\n\n- `Query.logs`, `LogPage` (now an interface)'),
      releases: { '1.0.0.graphql': released },
    });
    expect(dropped.code).toBe(1);
    expect(dropped.err).toContain(
      "LogPage.total  (FIELD_REMOVED) Field 'total' was removed from LogPage (an object type in the release, an interface now)",
    );
  });

  it('compares with the highest release by version, not by name', () => {
    const res = run({
      schema: withoutTotal,
      changelog: changelog(''),
      releases: { '1.2.0.graphql': RELEASED, '1.10.0.graphql': withoutTotal },
    });
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain('against schema/releases/1.10.0.graphql');
  });

  it('fails when there is no release schema to compare with', () => {
    const res = run({ schema: RELEASED, changelog: changelog(''), releases: {} });
    expect(res.code).toBe(1);
    expect(res.err).toContain('no release schema');
  });
});
