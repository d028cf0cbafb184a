import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A source's documents can also be listed by name (case-insensitively) and last updated first
 * (Source.documentPage's `orderBy`, document-order.ts). Each order has its index, ending in the
 * id the cursor breaks ties with, so each page is read from it instead of sorting the source.
 */
export class DocumentOrderIndexes1795834850409 implements MigrationInterface {
  name = 'DocumentOrderIndexes1795834850409';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_documents_source_name" ON "documents" ("source_id", (lower(file_name)), "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_documents_source_updated" ON "documents" ("source_id", (coalesce(external_updated_at, created_at)) DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."idx_documents_source_updated"');
    await queryRunner.query('DROP INDEX "public"."idx_documents_source_name"');
  }
}
