import type { MigrationInterface, QueryRunner } from 'typeorm';

export class HistoryTimeIndex1795273235948 implements MigrationInterface {
  name = 'HistoryTimeIndex1795273235948';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "idx_search_history_workspace_time" ON "search_history" ("workspace_id", "created_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_search_history_workspace_time"');
  }
}
