/**
 * Writes a migration for whatever the entities changed: runs the existing migrations on a
 * temporary database, asks TypeORM for the difference and saves it as
 * src/db/migrations/<timestamp>-<Name>.ts. Usage: npm run migration:generate -w server -- Name
 */
import fs from 'node:fs';
import path from 'node:path';
import { createDataSource } from './data-source.js';
import { pendingSchemaChanges } from './schema-diff.js';
import { createTemporaryDatabase } from './temporary-database.js';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('Give the migration a PascalCase name, e.g. AddBots');
  process.exit(1);
}
const db = await createTemporaryDatabase(process.env.TEST_DATABASE_URL);
try {
  const ds = createDataSource(db.url);
  await ds.initialize();
  await ds.runMigrations();
  const { up, down } = await pendingSchemaChanges(ds);
  await ds.destroy();
  if (up.length === 0) {
    console.log('The entities and migrations are in step: nothing to generate.');
  } else {
    const stamp = Date.now();
    const line = (q: string) => `    await queryRunner.query(${JSON.stringify(q)});`;
    const body = `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${name}${stamp} implements MigrationInterface {
  name = '${name}${stamp}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up.map(line).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down.map(line).join('\n')}
  }
}
`;
    const file = path.join(import.meta.dirname, 'migrations', `${stamp}-${name}.ts`);
    fs.writeFileSync(file, body);
    console.log(`Wrote ${path.relative(process.cwd(), file)}; add it to migrations/index.ts`);
  }
} finally {
  await db.drop();
}
