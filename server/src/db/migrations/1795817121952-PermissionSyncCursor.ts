import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a permission sync under way stands (it runs a batch of items per job step). */
export class PermissionSyncCursor1795817121952 implements MigrationInterface {
  name = 'PermissionSyncCursor1795817121952';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" ADD "permissions_cursor" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permissions_cursor"');
  }
}
