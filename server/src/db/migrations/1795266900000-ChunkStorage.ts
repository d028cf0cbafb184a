import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps each chunk's tsvector inline and uncompressed and moves the text out of line instead:
 * ranking calls ts_rank many times per row, and a tsvector stored in TOAST (a chunk's row is
 * over 2 KB) was fetched again on every call. The text is only read for the few passages shown.
 * Applies to rows written from now on; re-indexing rewrites older ones.
 */
export class ChunkStorage1795266900000 implements MigrationInterface {
  name = 'ChunkStorage1795266900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chunks" ALTER COLUMN "tsv" SET STORAGE MAIN');
    await queryRunner.query('ALTER TABLE "chunks" ALTER COLUMN "text" SET STORAGE EXTERNAL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "chunks" ALTER COLUMN "text" SET STORAGE EXTENDED');
    await queryRunner.query('ALTER TABLE "chunks" ALTER COLUMN "tsv" SET STORAGE EXTENDED');
  }
}
