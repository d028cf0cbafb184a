import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessGroupsAndSourceAccess1795722595731 implements MigrationInterface {
  name = 'AccessGroupsAndSourceAccess1795722595731';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."uq_documents_workspace_file_hash"');
    await queryRunner.query(
      'CREATE TABLE "groups" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "name" text NOT NULL, "name_key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_659d1483316afb28afd3a90646e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_groups_workspace_name" ON "groups" ("workspace_id", "name_key") ',
    );
    await queryRunner.query(
      'CREATE TABLE "group_members" ("group_id" uuid NOT NULL, "user_id" uuid NOT NULL, CONSTRAINT "PK_f5939ee0ad233ad35e03f5c65c1" PRIMARY KEY ("group_id", "user_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_group_members_user" ON "group_members" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "source_member_grants" ("source_id" uuid NOT NULL, "user_id" uuid NOT NULL, CONSTRAINT "PK_d7e590b2b56d1836178371cb6ac" PRIMARY KEY ("source_id", "user_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_source_member_grants_user" ON "source_member_grants" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "source_group_grants" ("source_id" uuid NOT NULL, "group_id" uuid NOT NULL, CONSTRAINT "PK_05d7adca00a885690b9d2066868" PRIMARY KEY ("source_id", "group_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_source_group_grants_group" ON "source_group_grants" ("group_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "access_mode" text NOT NULL DEFAULT \'workspace\'',
    );
    await queryRunner.query('ALTER TABLE "search_history" ADD "cited_document_ids" uuid array');
    await queryRunner.query('ALTER TABLE "audit_events" ADD "details" jsonb');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_documents_source_file_hash" ON "documents" ("source_id", "file_hash") ',
    );
    await queryRunner.query('CREATE INDEX "idx_chunks_source" ON "chunks" ("source_id") ');
    await queryRunner.query(
      'ALTER TABLE "groups" ADD CONSTRAINT "FK_b249fc0de77c1575349389dcf57" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "group_members" ADD CONSTRAINT "FK_2c840df5db52dc6b4a1b0b69c6e" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "group_members" ADD CONSTRAINT "FK_20a555b299f75843aa53ff8b0ee" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "source_member_grants" ADD CONSTRAINT "FK_89db839b298095ab4fb53610f11" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "source_member_grants" ADD CONSTRAINT "FK_b6a4c1cc3a8afe8ebab49fec189" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "source_group_grants" ADD CONSTRAINT "FK_04fba2cb6300385f7b2cf6c9a26" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "source_group_grants" ADD CONSTRAINT "FK_abae39ceff56e638349ea2e7b14" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "source_group_grants" DROP CONSTRAINT "FK_abae39ceff56e638349ea2e7b14"',
    );
    await queryRunner.query(
      'ALTER TABLE "source_group_grants" DROP CONSTRAINT "FK_04fba2cb6300385f7b2cf6c9a26"',
    );
    await queryRunner.query(
      'ALTER TABLE "source_member_grants" DROP CONSTRAINT "FK_b6a4c1cc3a8afe8ebab49fec189"',
    );
    await queryRunner.query(
      'ALTER TABLE "source_member_grants" DROP CONSTRAINT "FK_89db839b298095ab4fb53610f11"',
    );
    await queryRunner.query(
      'ALTER TABLE "group_members" DROP CONSTRAINT "FK_20a555b299f75843aa53ff8b0ee"',
    );
    await queryRunner.query(
      'ALTER TABLE "group_members" DROP CONSTRAINT "FK_2c840df5db52dc6b4a1b0b69c6e"',
    );
    await queryRunner.query(
      'ALTER TABLE "groups" DROP CONSTRAINT "FK_b249fc0de77c1575349389dcf57"',
    );
    await queryRunner.query('DROP INDEX "public"."idx_chunks_source"');
    await queryRunner.query('DROP INDEX "public"."uq_documents_source_file_hash"');
    await queryRunner.query('ALTER TABLE "audit_events" DROP COLUMN "details"');
    await queryRunner.query('ALTER TABLE "search_history" DROP COLUMN "cited_document_ids"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "access_mode"');
    await queryRunner.query('DROP INDEX "public"."idx_source_group_grants_group"');
    await queryRunner.query('DROP TABLE "source_group_grants"');
    await queryRunner.query('DROP INDEX "public"."idx_source_member_grants_user"');
    await queryRunner.query('DROP TABLE "source_member_grants"');
    await queryRunner.query('DROP INDEX "public"."idx_group_members_user"');
    await queryRunner.query('DROP TABLE "group_members"');
    await queryRunner.query('DROP INDEX "public"."uq_groups_workspace_name"');
    await queryRunner.query('DROP TABLE "groups"');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_documents_workspace_file_hash" ON "documents" ("file_hash", "workspace_id") ',
    );
  }
}
