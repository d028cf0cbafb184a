import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSources1795258947521 implements MigrationInterface {
  name = 'AddSources1795258947521';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "jobs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" text NOT NULL, "payload" jsonb NOT NULL, "status" text NOT NULL DEFAULT \'queued\', "attempts" integer NOT NULL DEFAULT \'0\', "max_attempts" integer NOT NULL DEFAULT \'3\', "run_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "locked_until" TIMESTAMP WITH TIME ZONE, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_jobs_due" ON "jobs" ("status", "run_at") ');
    await queryRunner.query(
      'CREATE TABLE "sources" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "kind" text NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT \'\', "created_by_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_85523beafe5a2a6b90b02096443" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_sources_workspace" ON "sources" ("workspace_id") ');
    await queryRunner.query(
      'CREATE TABLE "documents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "source_id" uuid NOT NULL, "title" text NOT NULL, "file_name" text NOT NULL, "file_type" text NOT NULL, "file_size" bigint NOT NULL, "storage_key" text NOT NULL, "status" text NOT NULL DEFAULT \'queued\', "progress" integer NOT NULL DEFAULT \'0\', "error" text, "chunk_count" integer NOT NULL DEFAULT \'0\', "uploaded_by_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "indexed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ac51aa5181ee2036f5ca482857c" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_documents_storage_key" ON "documents" ("storage_key") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_documents_workspace_source" ON "documents" ("workspace_id", "source_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "chunks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "source_id" uuid NOT NULL, "document_id" uuid NOT NULL, "ordinal" integer NOT NULL, "text" text NOT NULL, "location" jsonb, "tsv" tsvector NOT NULL, CONSTRAINT "PK_a306e60b8fdf6e7de1be4be1e6a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_chunks_workspace" ON "chunks" ("workspace_id") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "idx_chunks_document" ON "chunks" ("document_id", "ordinal") ',
    );
    await queryRunner.query(
      'CREATE TABLE "pending_uploads" ("key" text NOT NULL, "workspace_id" uuid NOT NULL, "user_id" uuid NOT NULL, "source_id" uuid NOT NULL, "file_name" text NOT NULL, "file_type" text NOT NULL, "max_size" bigint NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "document_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f98f787e3e2341a5dfe10589abc" PRIMARY KEY ("key"))',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD CONSTRAINT "FK_9922feffaec592f51261c21d1f2" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "documents" ADD CONSTRAINT "FK_5e12dcaf3b5d5fdffc8f1e32177" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "chunks" ADD CONSTRAINT "FK_d841de45a719fe1f35213d79207" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    // Full-text search over chunks (TypeORM cannot declare GIN indexes; not in the entity).
    await queryRunner.query('CREATE INDEX "idx_chunks_tsv" ON "chunks" USING GIN ("tsv")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_chunks_tsv"');
    await queryRunner.query(
      'ALTER TABLE "chunks" DROP CONSTRAINT "FK_d841de45a719fe1f35213d79207"',
    );
    await queryRunner.query(
      'ALTER TABLE "documents" DROP CONSTRAINT "FK_5e12dcaf3b5d5fdffc8f1e32177"',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" DROP CONSTRAINT "FK_9922feffaec592f51261c21d1f2"',
    );
    await queryRunner.query('DROP TABLE "pending_uploads"');
    await queryRunner.query('DROP INDEX "public"."idx_chunks_document"');
    await queryRunner.query('DROP INDEX "public"."idx_chunks_workspace"');
    await queryRunner.query('DROP TABLE "chunks"');
    await queryRunner.query('DROP INDEX "public"."idx_documents_workspace_source"');
    await queryRunner.query('DROP INDEX "public"."uq_documents_storage_key"');
    await queryRunner.query('DROP TABLE "documents"');
    await queryRunner.query('DROP INDEX "public"."idx_sources_workspace"');
    await queryRunner.query('DROP TABLE "sources"');
    await queryRunner.query('DROP INDEX "public"."idx_jobs_due"');
    await queryRunner.query('DROP TABLE "jobs"');
  }
}
