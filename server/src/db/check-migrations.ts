/** Fails when the entities changed without a migration (CI's migration drift check). */
import { createDataSource } from './data-source.js';
import { pendingSchemaChanges } from './schema-diff.js';
import { createTemporaryDatabase } from './temporary-database.js';

const db = await createTemporaryDatabase(process.env.TEST_DATABASE_URL);
let exitCode = 0;
try {
  const ds = createDataSource(db.url);
  await ds.initialize();
  await ds.runMigrations();
  const { up } = await pendingSchemaChanges(ds);
  await ds.undoLastMigration().catch(() => undefined);
  await ds.destroy();
  if (up.length > 0) {
    console.error(
      'Entities differ from the migrations; run `npm run migration:generate -w server -- Name`:',
    );
    up.forEach((q) => console.error('  ' + q));
    exitCode = 1;
  } else {
    console.log('Migrations are in step with the entities.');
  }
} finally {
  await db.drop();
}
process.exit(exitCode);
