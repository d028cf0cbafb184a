import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserDeactivation1795823813108 implements MigrationInterface {
  name = 'UserDeactivation1795823813108';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" ADD "deactivated_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "deactivated_at"');
  }
}
