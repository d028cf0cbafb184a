import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, expect, it } from 'vitest';

/**
 * The module boundaries (eslint.config.js, run by `npm run check`): SQL over the corpus' tables,
 * a repository of its entities, or an import of its internals outside modules/corpus fails lint,
 * and so does an import that runs up the modules' layers (MODULE_LAYERS). Scratch code is linted
 * as if it stood in a module (nothing is written to disk).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function problems(code: string, file = 'server/src/modules/bots/scratch.ts') {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const HEADER = `import type { DataSource } from 'typeorm';\n`;

it('fails SQL over documents, chunks or their ACL tables outside the corpus', async () => {
  for (const sql of [
    '`SELECT title FROM documents WHERE id = $1`',
    "'DELETE FROM chunks WHERE document_id = $1'",
    '`UPDATE source_principals SET member = $2`',
    "'INSERT INTO chunk_embeddings (chunk_id) VALUES ($1)'",
    '`SELECT * FROM bot_sources a LEFT JOIN documents d ON d.id = a.document_id`',
  ]) {
    const found = await problems(
      `${HEADER}export const f = (db: DataSource) => db.query(${sql});\n`,
    );
    expect(found.join('\n'), sql).toMatch(/no-restricted-syntax: SQL over the corpus tables/);
  }
});

it("fails a repository of the corpus' entities and an import of its internals", async () => {
  const found = await problems(
    `${HEADER}import { readableRows } from '../corpus/visibility.js';\n` +
      `import { SourceDocument } from '../corpus/index.js';\n` +
      `export const f = (db: DataSource) => [db.getRepository(SourceDocument), readableRows];\n`,
  );
  expect(found.join('\n')).toMatch(/no-restricted-imports: .*corpus\/visibility/);
  expect(found.join('\n')).toMatch(/no-restricted-syntax: The corpus' entities/);
});

it('passes the same code inside the corpus, and other tables anywhere', async () => {
  expect(
    await problems(
      `${HEADER}export const f = (db: DataSource) => db.query('SELECT title FROM documents');\n`,
      'server/src/modules/corpus/scratch.ts',
    ),
  ).toEqual([]);
  expect(
    await problems(
      `${HEADER}export const f = (db: DataSource) => db.query('SELECT name FROM bots WHERE id = $1');\n` +
        `export { Readers } from '../corpus/index.js';\n`,
    ),
  ).toEqual([]);
});

it('fails an import that runs up the layers, and passes one that runs down', async () => {
  // The corpus stands below search; bots below slack; identity below everything.
  expect(
    (
      await problems(
        `export { AskService } from '../search/ask.service.js';\n`,
        'server/src/modules/corpus/scratch.ts',
      )
    ).join('\n'),
  ).toMatch(/no-restricted-imports: .*modules\/corpus stands below/);
  expect(
    (
      await problems(
        `export * from '../../slack/slack.service.js';\n`,
        'server/src/modules/bots/inner/scratch.ts',
      )
    ).join('\n'),
  ).toMatch(/no-restricted-imports: .*modules\/bots stands below/);
  expect(
    (
      await problems(
        `export type { Bot } from '../bots/bot.entity.js';\n`,
        'server/src/modules/identity/scratch.ts',
      )
    ).join('\n'),
  ).toMatch(/no-restricted-imports/);
  // Down is fine (and a module's own subfolders are not modules).
  expect(
    await problems(
      `export { SearchService } from '../search/search.service.js';\nexport * from './inner/x.js';\n`,
      'server/src/modules/bots/scratch.ts',
    ),
  ).toEqual([]);
});
