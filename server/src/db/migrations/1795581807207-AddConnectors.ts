import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddConnectors1795581807207 implements MigrationInterface {
  name = 'AddConnectors1795581807207';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "connector_oauth_states" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "state_hash" text NOT NULL, "user_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "provider" text NOT NULL, "settings" jsonb NOT NULL DEFAULT \'{}\', "code_hash" text, "source_id" uuid, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_927165ed711b0b926ab7832f97f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_connector_oauth_states_hash" ON "connector_oauth_states" ("state_hash") ',
    );
    await queryRunner.query('ALTER TABLE "jobs" ADD "singleton_key" text');
    await queryRunner.query('ALTER TABLE "sources" ADD "settings" jsonb NOT NULL DEFAULT \'{}\'');
    await queryRunner.query('ALTER TABLE "sources" ADD "sealed_credentials" text');
    await queryRunner.query('ALTER TABLE "sources" ADD "status" text NOT NULL DEFAULT \'idle\'');
    await queryRunner.query('ALTER TABLE "sources" ADD "checkpoint" jsonb');
    await queryRunner.query('ALTER TABLE "sources" ADD "sync_run" integer NOT NULL DEFAULT \'0\'');
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "last_sync_started_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "last_sync_finished_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query('ALTER TABLE "sources" ADD "last_success_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "sources" ADD "next_sync_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "resync_requested" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "items_seen" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "items_indexed" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "items_failed" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "items_deleted" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query('ALTER TABLE "sources" ADD "items_total" integer');
    await queryRunner.query('ALTER TABLE "sources" ADD "last_error" text');
    await queryRunner.query('ALTER TABLE "documents" ADD "external_id" text');
    await queryRunner.query('ALTER TABLE "documents" ADD "web_url" text');
    await queryRunner.query('ALTER TABLE "documents" ADD "external_version" text');
    await queryRunner.query(
      'ALTER TABLE "documents" ADD "external_updated_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query('ALTER TABLE "documents" ADD "content_hash" text');
    await queryRunner.query('ALTER TABLE "documents" ADD "seen_run" integer');
    await queryRunner.query('ALTER TABLE "documents" ALTER COLUMN "storage_key" DROP NOT NULL');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_jobs_singleton_live" ON "jobs" ("singleton_key") WHERE "status" IN (\'queued\', \'running\')',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_documents_source_external" ON "documents" ("source_id", "external_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "connector_oauth_states" ADD CONSTRAINT "FK_926cd74cd72ba087f79aa248262" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "connector_oauth_states" DROP CONSTRAINT "FK_926cd74cd72ba087f79aa248262"',
    );
    await queryRunner.query('DROP INDEX "public"."uq_documents_source_external"');
    await queryRunner.query('DROP INDEX "public"."uq_jobs_singleton_live"');
    await queryRunner.query('ALTER TABLE "documents" ALTER COLUMN "storage_key" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "seen_run"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "content_hash"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "external_updated_at"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "external_version"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "web_url"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "external_id"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "last_error"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "items_total"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "items_deleted"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "items_failed"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "items_indexed"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "items_seen"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "resync_requested"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "next_sync_at"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "last_success_at"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "last_sync_finished_at"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "last_sync_started_at"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "sync_run"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "checkpoint"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "status"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "sealed_credentials"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "settings"');
    await queryRunner.query('ALTER TABLE "jobs" DROP COLUMN "singleton_key"');
    await queryRunner.query('DROP INDEX "public"."uq_connector_oauth_states_hash"');
    await queryRunner.query('DROP TABLE "connector_oauth_states"');
  }
}
