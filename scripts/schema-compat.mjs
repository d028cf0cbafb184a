#!/usr/bin/env node
/**
 * Schema compatibility check (`npm run schema:compat`, part of `npm run check`).
 *
 * Compares today's schema.graphql with the schema of the last release (the highest version in
 * schema/releases/, e.g. 1.0.0.graphql) using @graphql-inspector/core, and fails on any BREAKING
 * change that CHANGELOG.md does not own up to. A breaking change counts as listed when its path
 * (`BotLogPage.total`, `Query.botLogs`, `Query.botLogs.first` for an argument, `Enum.VALUE`)
 * starts a code span in the "## [Unreleased]" section: under "### Removed" for a removal (a
 * type, field, argument, enum value… gone), under "### Changed" or "### Removed" for any other
 * breaking change (a type changed, an argument now required). `` `Query.botLogs` `` and
 * `` `Query.botLogs: BotLogPage! → BotLogConnection!` `` both name `Query.botLogs`. A mention
 * anywhere else (Deprecated, Added, an older release) does not count.
 * Dangerous changes (e.g. an argument added, an enum value added) and safe ones are printed only.
 * Beside graphql-inspector's changes, a field that a release's query selects through a type that
 * was swapped in place (renamed, or object → interface) must still be there (see
 * reshapedFieldRemovals): inspector reports the swap, not what went missing with it.
 *
 * The policy behind it is "Compatibility" in docs/API.md. On a release: copy schema.graphql to
 * schema/releases/<version>.graphql and turn "Unreleased" into that version in CHANGELOG.md.
 *
 * Usage: node scripts/schema-compat.mjs [--root DIR]   (DIR holds schema.graphql, CHANGELOG.md
 * and schema/releases/; the repository root by default)
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSchema, getNamedType, isInterfaceType, isObjectType } from 'graphql';
import { CriticalityLevel, diff } from '@graphql-inspector/core';

const RELEASE_FILE = /^(\d+)\.(\d+)\.(\d+)\.graphql$/;

/** The highest `X.Y.Z.graphql` among file names, or null. */
export function latestRelease(fileNames) {
  const versions = fileNames
    .map((name) => RELEASE_FILE.exec(name))
    .filter(Boolean)
    .map((m) => ({ name: m[0], version: m.slice(1, 4).map(Number) }));
  versions.sort(
    (a, b) =>
      a.version[0] - b.version[0] || a.version[1] - b.version[1] || a.version[2] - b.version[2],
  );
  return versions.at(-1)?.name ?? null;
}

/**
 * The paths CHANGELOG.md lists in its Unreleased section, by heading: the leading dotted name of
 * every code span under "### Changed" (`changed`) and "### Removed" (`removed`) there.
 */
export function listedPaths(changelog) {
  const listed = { changed: new Set(), removed: new Set() };
  let inUnreleased = false;
  let into = null;
  for (const line of changelog.split(/\r?\n/)) {
    const release = /^##\s+(.*)$/.exec(line);
    if (release) {
      inUnreleased = /^\[?unreleased\]?$/i.test(release[1].trim());
      into = null;
      continue;
    }
    const heading = /^###\s+(\w+)/.exec(line);
    if (heading) {
      const kind = heading[1].toLowerCase();
      into = inUnreleased && (kind === 'changed' || kind === 'removed') ? listed[kind] : null;
      continue;
    }
    if (!into) continue;
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      const name = /^@?[_A-Za-z]\w*(?:\.@?[_A-Za-z]\w*)*/.exec(span[1].trim());
      if (name) into.add(name[0]);
    }
  }
  return listed;
}

const hasFields = (type) => isObjectType(type) || isInterfaceType(type);
const kind = (type) => (isInterfaceType(type) ? 'interface' : 'object type');

/**
 * Fields a release's query can no longer select because the type holding them was swapped, which
 * graphql-inspector reports only as the swap: a field whose type was renamed (`Query.botLogs:
 * BotLogPage! → BotLogConnection!`) or a type whose kind changed (object → interface). A query
 * reaches the old type's fields through the new one, so each of them must still be there; one
 * missing is a breaking FIELD_REMOVED at `NewType.field`. Followed into nested fields.
 */
export function reshapedFieldRemovals(before, after) {
  const removals = [];
  const seen = new Set();
  const compare = (oldType, newType, how) => {
    const pair = `${oldType.name}>${newType.name}`;
    if (seen.has(pair)) return;
    seen.add(pair);
    const newFields = newType.getFields();
    for (const [name, oldField] of Object.entries(oldType.getFields())) {
      const newField = newFields[name];
      if (newField) {
        follow(oldField, newField, `${newType.name}.${name}`);
        continue;
      }
      removals.push({
        type: 'FIELD_REMOVED',
        path: `${newType.name}.${name}`,
        message:
          oldType.name === newType.name
            ? `Field '${name}' was removed from ${newType.name} (${how})`
            : `Field '${name}' of ${oldType.name} is missing from ${newType.name}, ${how}`,
        criticality: { level: CriticalityLevel.Breaking },
      });
    }
  };
  const follow = (oldField, newField, fieldPath) => {
    const oldType = getNamedType(oldField.type);
    const newType = getNamedType(newField.type);
    if (!hasFields(oldType) || !hasFields(newType)) return;
    if (oldType.name !== newType.name || kind(oldType) !== kind(newType)) {
      compare(oldType, newType, `the type ${fieldPath} has now`);
    }
  };
  for (const oldType of Object.values(before.getTypeMap())) {
    const newType = after.getType(oldType.name);
    // Gone, or now a scalar, union…: inspector reports that itself.
    if (!hasFields(oldType) || !newType || !hasFields(newType)) continue;
    if (kind(oldType) !== kind(newType)) {
      compare(oldType, newType, `an ${kind(oldType)} in the release, an ${kind(newType)} now`);
    }
    const newFields = newType.getFields();
    for (const [name, oldField] of Object.entries(oldType.getFields())) {
      if (newFields[name]) follow(oldField, newFields[name], `${newType.name}.${name}`);
    }
  }
  return removals;
}

/** What a change is called in the changelog: its path, or its type when it has none. */
export function changeKey(change) {
  return change.path ?? change.type;
}

/** A removal (`FIELD_REMOVED`, `TYPE_REMOVED`, …) must be listed under Removed. */
export function isListed(change, listed) {
  const key = changeKey(change);
  if (listed.removed.has(key)) return true;
  return !change.type.endsWith('_REMOVED') && listed.changed.has(key);
}

/** Sorts inspector changes into unlisted breaking (the failures), listed breaking, dangerous, safe. */
export function classify(changes, listed) {
  const result = { unlisted: [], listed: [], dangerous: [], safe: [] };
  for (const change of changes) {
    const level = change.criticality.level;
    if (level === CriticalityLevel.Breaking) {
      (isListed(change, listed) ? result.listed : result.unlisted).push(change);
    } else if (level === CriticalityLevel.Dangerous) {
      result.dangerous.push(change);
    } else {
      result.safe.push(change);
    }
  }
  return result;
}

/** Runs the check under `root`; returns the exit code (0 compatible, 1 not). */
export async function main(root, out = console) {
  const releasesDir = path.join(root, 'schema', 'releases');
  const release = fs.existsSync(releasesDir) ? latestRelease(fs.readdirSync(releasesDir)) : null;
  if (!release) {
    out.error(`schema-compat: no release schema (X.Y.Z.graphql) in ${releasesDir}`);
    return 1;
  }
  const changelogFile = path.join(root, 'CHANGELOG.md');
  if (!fs.existsSync(changelogFile)) {
    out.error(`schema-compat: ${changelogFile} is missing`);
    return 1;
  }
  const before = buildSchema(fs.readFileSync(path.join(releasesDir, release), 'utf8'));
  const after = buildSchema(fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
  const changes = [...(await diff(before, after)), ...reshapedFieldRemovals(before, after)];
  const { unlisted, listed, dangerous, safe } = classify(
    changes,
    listedPaths(fs.readFileSync(changelogFile, 'utf8')),
  );
  const line = (change) => `  ${changeKey(change)}  (${change.type}) ${change.message}`;

  out.log(
    `Schema compatibility: schema.graphql against schema/releases/${release} — ` +
      `${changes.length} changes: ${listed.length + unlisted.length} breaking ` +
      `(${unlisted.length} not in CHANGELOG.md), ${dangerous.length} dangerous, ${safe.length} safe`,
  );
  if (safe.length) out.log(`Safe:\n${safe.map(line).join('\n')}`);
  if (dangerous.length) {
    out.log(
      `Dangerous (callers may notice; say so in CHANGELOG.md):\n${dangerous.map(line).join('\n')}`,
    );
  }
  if (listed.length) {
    out.log(`Breaking, listed in CHANGELOG.md under Unreleased:\n${listed.map(line).join('\n')}`);
  }
  if (unlisted.length) {
    out.error(
      `\nBreaking changes not listed in CHANGELOG.md:\n${unlisted.map(line).join('\n')}\n\n` +
        'Keep the old field, argument, value or type and mark it @deprecated(reason: "Use …") ' +
        '(docs/API.md, "Compatibility"). If it really has to go, name each path above in a code ' +
        'span under "## [Unreleased]" in CHANGELOG.md, with what replaces it: a removal ' +
        '(…_REMOVED) under "### Removed", any other change under "### Changed", ' +
        `e.g. "- \`${changeKey(unlisted[0])}\` …".`,
    );
    return 1;
  }
  out.log('No unlisted breaking change.');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--root');
  const root =
    at > 0 ? path.resolve(process.argv[at + 1]) : path.resolve(import.meta.dirname, '..');
  process.exitCode = await main(root);
}
