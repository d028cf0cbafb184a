import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a connector keeps between clean syncs (Google Drive's changes page token). */
export class AddSyncCursor1795700000000 implements MigrationInterface {
  name = 'AddSyncCursor1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" ADD "sync_cursor" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "sync_cursor"');
  }
}
