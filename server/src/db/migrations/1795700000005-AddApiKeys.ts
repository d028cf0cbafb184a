import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddApiKeys1795700000005 implements MigrationInterface {
  name = 'AddApiKeys1795700000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "user_id" uuid NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "secret_hash" text NOT NULL, "permissions" text array NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "last_used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "IDX_fef9aa4a1cf4f8c063ac5d75f2" ON "api_keys" ("secret_hash") ',
    );
    await queryRunner.query(
      'CREATE INDEX "IDX_b426861cff0088bee030b7faae" ON "api_keys" ("workspace_id", "created_at") ',
    );
    await queryRunner.query(
      'ALTER TABLE "api_keys" ADD CONSTRAINT "FK_a3baee01d8408cd3c0f89a9a973" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "api_keys" DROP CONSTRAINT "FK_a3baee01d8408cd3c0f89a9a973"',
    );
    await queryRunner.query('DROP INDEX "public"."IDX_b426861cff0088bee030b7faae"');
    await queryRunner.query('DROP INDEX "public"."IDX_fef9aa4a1cf4f8c063ac5d75f2"');
    await queryRunner.query('DROP TABLE "api_keys"');
  }
}
