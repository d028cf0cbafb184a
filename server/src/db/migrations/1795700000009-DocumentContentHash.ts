import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded files' SHA-256 (`documents.file_hash`, unique per workspace) to find a file uploaded
 * again, and the document an upload replaces (`pending_uploads.replace_document_id`). Documents
 * already stored keep a NULL hash: they are matched once uploaded again (no backfill).
 */
export class DocumentContentHash1795700000009 implements MigrationInterface {
  name = 'DocumentContentHash1795700000009';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "documents" ADD "file_hash" text');
    await queryRunner.query('ALTER TABLE "pending_uploads" ADD "replace_document_id" uuid');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_documents_workspace_file_hash" ON "documents" ("workspace_id", "file_hash") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."uq_documents_workspace_file_hash"');
    await queryRunner.query('ALTER TABLE "pending_uploads" DROP COLUMN "replace_document_id"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "file_hash"');
  }
}
