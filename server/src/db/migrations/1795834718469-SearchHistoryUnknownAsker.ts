import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A Slack person who matches no member is recorded without a user (Analytics counts them). */
export class SearchHistoryUnknownAsker1795834718469 implements MigrationInterface {
  name = 'SearchHistoryUnknownAsker1795834718469';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "search_history" ALTER COLUMN "user_id" DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM "search_history" WHERE "user_id" IS NULL');
    await queryRunner.query('ALTER TABLE "search_history" ALTER COLUMN "user_id" SET NOT NULL');
  }
}
