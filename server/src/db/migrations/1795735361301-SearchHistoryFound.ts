import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether an ask was answered from the sources, for the content gaps report. Rows recorded
 * before stay NULL (unknown): the history never kept the answer, so they are not guessed.
 */
export class SearchHistoryFound1795735361301 implements MigrationInterface {
  name = 'SearchHistoryFound1795735361301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "search_history" ADD "found" boolean');
    await queryRunner.query(
      `CREATE INDEX "idx_search_history_not_found" ON "search_history" ("workspace_id", "created_at") WHERE "kind" = 'ask' AND "found" = false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_search_history_not_found"');
    await queryRunner.query('ALTER TABLE "search_history" DROP COLUMN "found"');
  }
}
