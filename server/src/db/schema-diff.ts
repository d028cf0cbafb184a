import type { DataSource } from 'typeorm';

/** What TypeORM would change to make the database match the entities (empty when in step). */
export async function pendingSchemaChanges(dataSource: DataSource) {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: sql.upQueries.map((q) => q.query),
    down: sql.downQueries.map((q) => q.query).reverse(),
  };
}
