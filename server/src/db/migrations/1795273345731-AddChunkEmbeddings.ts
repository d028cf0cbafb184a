import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddChunkEmbeddings1795273345731 implements MigrationInterface {
  name = 'AddChunkEmbeddings1795273345731';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "chunk_embeddings" ("chunk_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "model" text NOT NULL, "vector" bytea NOT NULL, CONSTRAINT "PK_89eb4842eec02ea7bac89890ceb" PRIMARY KEY ("chunk_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "chunk_embeddings" ADD CONSTRAINT "FK_89eb4842eec02ea7bac89890ceb" FOREIGN KEY ("chunk_id") REFERENCES "chunks"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "chunk_embeddings" DROP CONSTRAINT "FK_89eb4842eec02ea7bac89890ceb"',
    );
    await queryRunner.query('DROP TABLE "chunk_embeddings"');
  }
}
