import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mirrored tool permissions: each connected item's access (the tool's statement, and the
 * principals it becomes, copied onto its chunks and filtered through a GIN index), the members
 * of each source's tool groups (expanded at query time), when each source's permissions were
 * last read, and a linked Google account's Workspace domain.
 */
export class MirrorToolPermissions1795811109343 implements MigrationInterface {
  name = 'MirrorToolPermissions1795811109343';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "source_principals" ("source_id" uuid NOT NULL, "principal" text NOT NULL, "member" text NOT NULL, CONSTRAINT "PK_1bbaf872028a57550ca314b85e2" PRIMARY KEY ("source_id", "principal", "member"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_source_principals_member" ON "source_principals" ("member", "source_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "permissions_checked_at" TIMESTAMP WITH TIME ZONE',
    );
    await queryRunner.query('ALTER TABLE "sources" ADD "permissions_state" text');
    await queryRunner.query('ALTER TABLE "sources" ADD "permissions_error" text');
    await queryRunner.query('ALTER TABLE "sources" ADD "permissions_unmatched" integer');
    await queryRunner.query('ALTER TABLE "documents" ADD "acl" text array');
    await queryRunner.query('ALTER TABLE "documents" ADD "acl_clauses" jsonb');
    await queryRunner.query('ALTER TABLE "chunks" ADD "acl" text array');
    await queryRunner.query('ALTER TABLE "linked_accounts" ADD "hosted_domain" text');
    // Declared with synchronize: false on the entity (TypeORM cannot declare GIN indexes).
    await queryRunner.query(
      'CREATE INDEX "idx_chunks_acl" ON "chunks" USING gin ("acl") WHERE "acl" IS NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "source_principals" ADD CONSTRAINT "FK_7e8e81d5401dd7ea7a07ff8f7bc" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "source_principals" DROP CONSTRAINT "FK_7e8e81d5401dd7ea7a07ff8f7bc"',
    );
    await queryRunner.query('DROP INDEX "public"."idx_chunks_acl"');
    await queryRunner.query('ALTER TABLE "linked_accounts" DROP COLUMN "hosted_domain"');
    await queryRunner.query('ALTER TABLE "chunks" DROP COLUMN "acl"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "acl_clauses"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "acl"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permissions_unmatched"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permissions_error"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permissions_state"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permissions_checked_at"');
    await queryRunner.query('DROP INDEX "public"."idx_source_principals_member"');
    await queryRunner.query('DROP TABLE "source_principals"');
  }
}
