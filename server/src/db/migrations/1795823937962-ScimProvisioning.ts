import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ScimProvisioning1795823937962 implements MigrationInterface {
  name = 'ScimProvisioning1795823937962';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "scim_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "secret_hash" text NOT NULL, "prefix" text NOT NULL, "last4" text NOT NULL, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5e368798dfa88b0d9fb185e8901" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_scim_tokens_secret_hash" ON "scim_tokens" ("secret_hash") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_scim_tokens_live" ON "scim_tokens" ("workspace_id") WHERE revoked_at IS NULL',
    );
    await queryRunner.query('ALTER TABLE "users" ADD "scim_external_id" text');
    await queryRunner.query(
      'ALTER TABLE "groups" ADD "scim_managed" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query('ALTER TABLE "groups" ADD "scim_external_id" text');
    await queryRunner.query(
      'CREATE INDEX "idx_users_scim_external_id" ON "users" ("scim_external_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "scim_tokens" ADD CONSTRAINT "FK_2221138094f224b86c023f46183" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "scim_tokens" ADD CONSTRAINT "FK_062ca6833ab5529bee44262b14b" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "scim_tokens" DROP CONSTRAINT "FK_062ca6833ab5529bee44262b14b"',
    );
    await queryRunner.query(
      'ALTER TABLE "scim_tokens" DROP CONSTRAINT "FK_2221138094f224b86c023f46183"',
    );
    await queryRunner.query('DROP INDEX "public"."idx_users_scim_external_id"');
    await queryRunner.query('ALTER TABLE "groups" DROP COLUMN "scim_external_id"');
    await queryRunner.query('ALTER TABLE "groups" DROP COLUMN "scim_managed"');
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "scim_external_id"');
    await queryRunner.query('DROP INDEX "public"."uq_scim_tokens_live"');
    await queryRunner.query('DROP INDEX "public"."uq_scim_tokens_secret_hash"');
    await queryRunner.query('DROP TABLE "scim_tokens"');
  }
}
