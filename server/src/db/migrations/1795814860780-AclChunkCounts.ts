import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Chunks per acl principal of a mirrored source (candidate sizing for readers of part of it). */
export class AclChunkCounts1795814860780 implements MigrationInterface {
  name = 'AclChunkCounts1795814860780';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" ADD "acl_chunk_counts" jsonb');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "acl_chunk_counts"');
  }
}
