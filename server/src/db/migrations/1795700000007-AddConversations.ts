import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddConversations1795700000007 implements MigrationInterface {
  name = 'AddConversations1795700000007';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "conversations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "user_id" uuid, "bot_id" uuid, "title" text NOT NULL, "turn_count" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee34f4f7ced4ec8681f26bf04ef" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_conversations_age" ON "conversations" ("workspace_id", "updated_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_conversations_owner" ON "conversations" ("workspace_id", "user_id", "updated_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "conversation_turns" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "conversation_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "ordinal" integer NOT NULL, "question" text NOT NULL, "search_query" text NOT NULL, "key_terms" text array NOT NULL DEFAULT \'{}\', "answer" text NOT NULL, "mode" text NOT NULL, "notice" text, "model" text, "sources" jsonb NOT NULL DEFAULT \'[]\', "latency_ms" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_conversation_turns_ordinal" UNIQUE ("conversation_id", "ordinal"), CONSTRAINT "PK_73857f0e1ae61da8995faed5f62" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "answer_feedback" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "turn_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "bot_id" uuid, "voter_key" text NOT NULL, "user_id" uuid, "vote" smallint NOT NULL, "reason" text, "comment" text, "question" text NOT NULL, "question_terms" text array NOT NULL DEFAULT \'{}\', "document_ids" uuid array NOT NULL DEFAULT \'{}\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_23599b2d46f847ee9ead43109f9" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_answer_feedback_bot" ON "answer_feedback" ("bot_id", "updated_at") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_answer_feedback_workspace" ON "answer_feedback" ("workspace_id", "updated_at") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_answer_feedback_voter" ON "answer_feedback" ("turn_id", "voter_key") ',
    );
    await queryRunner.query(
      'ALTER TABLE "workspaces" ADD "conversation_retention_days" integer NOT NULL DEFAULT \'90\'',
    );
    await queryRunner.query('ALTER TABLE "bot_logs" ADD "turn_id" uuid');
    await queryRunner.query(
      'ALTER TABLE "conversations" ADD CONSTRAINT "FK_2136015a4b73fb4898773f2226f" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "conversations" ADD CONSTRAINT "FK_3a9ae579e61e81cc0e989afeb4a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "conversations" ADD CONSTRAINT "FK_c240455af2ac4d2e388b4722b7e" FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "conversation_turns" ADD CONSTRAINT "FK_3f3e491db4a4cda0b2d9ae34eff" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "answer_feedback" ADD CONSTRAINT "FK_f9973c1c643c1aa7e1a1e9487ca" FOREIGN KEY ("turn_id") REFERENCES "conversation_turns"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "answer_feedback" DROP CONSTRAINT "FK_f9973c1c643c1aa7e1a1e9487ca"',
    );
    await queryRunner.query(
      'ALTER TABLE "conversation_turns" DROP CONSTRAINT "FK_3f3e491db4a4cda0b2d9ae34eff"',
    );
    await queryRunner.query(
      'ALTER TABLE "conversations" DROP CONSTRAINT "FK_c240455af2ac4d2e388b4722b7e"',
    );
    await queryRunner.query(
      'ALTER TABLE "conversations" DROP CONSTRAINT "FK_3a9ae579e61e81cc0e989afeb4a"',
    );
    await queryRunner.query(
      'ALTER TABLE "conversations" DROP CONSTRAINT "FK_2136015a4b73fb4898773f2226f"',
    );
    await queryRunner.query('ALTER TABLE "bot_logs" DROP COLUMN "turn_id"');
    await queryRunner.query('ALTER TABLE "workspaces" DROP COLUMN "conversation_retention_days"');
    await queryRunner.query('DROP INDEX "public"."uq_answer_feedback_voter"');
    await queryRunner.query('DROP INDEX "public"."idx_answer_feedback_workspace"');
    await queryRunner.query('DROP INDEX "public"."idx_answer_feedback_bot"');
    await queryRunner.query('DROP TABLE "answer_feedback"');
    await queryRunner.query('DROP TABLE "conversation_turns"');
    await queryRunner.query('DROP INDEX "public"."idx_conversations_owner"');
    await queryRunner.query('DROP INDEX "public"."idx_conversations_age"');
    await queryRunner.query('DROP TABLE "conversations"');
  }
}
