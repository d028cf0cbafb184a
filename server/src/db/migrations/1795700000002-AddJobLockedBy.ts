import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddJobLockedBy1795700000002 implements MigrationInterface {
  name = 'AddJobLockedBy1795700000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "jobs" ADD "locked_by" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "jobs" DROP COLUMN "locked_by"');
  }
}
