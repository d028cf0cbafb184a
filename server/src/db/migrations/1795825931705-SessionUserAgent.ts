import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionUserAgent1795825931705 implements MigrationInterface {
  name = 'SessionUserAgent1795825931705';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "refresh_tokens" ADD "user_agent" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "refresh_tokens" DROP COLUMN "user_agent"');
  }
}
