import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddServerSettings1795700000004 implements MigrationInterface {
  name = 'AddServerSettings1795700000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "server_settings" ("key" text NOT NULL, "value" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9baa85c95771a8a3d89f1382ec9" PRIMARY KEY ("key"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "server_settings"');
  }
}
