import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A mirrored source's own permission sync interval (null: the server's default). */
export class PermissionSyncInterval1795817840067 implements MigrationInterface {
  name = 'PermissionSyncInterval1795817840067';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" ADD "permission_sync_minutes" integer');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permission_sync_minutes"');
  }
}
