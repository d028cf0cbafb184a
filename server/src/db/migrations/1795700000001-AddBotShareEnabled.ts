import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBotShareEnabled1795700000001 implements MigrationInterface {
  name = 'AddBotShareEnabled1795700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "bots" ADD "share_enabled" boolean NOT NULL DEFAULT true');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "bots" DROP COLUMN "share_enabled"');
  }
}
