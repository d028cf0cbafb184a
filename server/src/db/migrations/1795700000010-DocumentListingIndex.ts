import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A source's documents are listed failed first, then being indexed, then indexed, newest first
 * within each (Source.documentPage). This index holds that order, so each page of a large
 * connected source is read from it instead of sorting all of the source's documents.
 */
export class DocumentListingIndex1795700000010 implements MigrationInterface {
  name = 'DocumentListingIndex1795700000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_documents_source_listing" ON "documents" ("source_id", (CASE status WHEN 'failed' THEN 0 WHEN 'indexed' THEN 2 ELSE 1 END), "created_at" DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_documents_source_listing"');
  }
}
