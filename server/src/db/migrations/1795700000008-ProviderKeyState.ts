import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProviderKeyState1795700000008 implements MigrationInterface {
  name = 'ProviderKeyState1795700000008';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "provider_keys" ADD "invalid_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query('ALTER TABLE "provider_keys" ADD "invalid_reason" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "provider_keys" DROP COLUMN "invalid_reason"');
    await queryRunner.query('ALTER TABLE "provider_keys" DROP COLUMN "invalid_at"');
  }
}
