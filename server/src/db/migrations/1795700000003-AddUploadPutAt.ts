import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddUploadPutAt1795700000003 implements MigrationInterface {
  name = 'AddUploadPutAt1795700000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "pending_uploads" ADD "put_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "pending_uploads" DROP COLUMN "put_at"');
  }
}
