import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SlackIntegration1795826105480 implements MigrationInterface {
  name = 'SlackIntegration1795826105480';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "slack_integrations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "team_id" text NOT NULL, "team_name" text NOT NULL, "bot_user_id" text NOT NULL, "bot_id" text, "sealed_bot_token" text NOT NULL, "sealed_signing_secret" text NOT NULL, "status" text NOT NULL DEFAULT \'CONNECTED\', "revoked_reason" text, "connected_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "connected_by" uuid, CONSTRAINT "REL_35a0459ab1a3b0461b2de91862" UNIQUE ("workspace_id"), CONSTRAINT "PK_eadf605e2672ec04ee58999bb03" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_slack_integrations_team" ON "slack_integrations" ("team_id") WHERE "status" = \'CONNECTED\'',
    );
    await queryRunner.query(
      'CREATE TABLE "slack_channels" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "integration_id" uuid NOT NULL, "channel_id" text NOT NULL, "bot_id" uuid, "mode" text NOT NULL DEFAULT \'MENTION\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_slack_channels_channel" UNIQUE ("integration_id", "channel_id"), CONSTRAINT "PK_8c5bb05c5944a43d8c07e181c22" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "slack_events" ("event_id" text NOT NULL, "integration_id" uuid NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "answer" jsonb, "posted" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_dd1cb06d4397fc975360a4556ec" PRIMARY KEY ("event_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_slack_events_received" ON "slack_events" ("received_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "slack_threads" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "integration_id" uuid NOT NULL, "channel_id" text NOT NULL, "thread_ts" text NOT NULL, "conversation_id" uuid NOT NULL, "user_id" uuid, "bot_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_slack_threads_thread" UNIQUE ("integration_id", "channel_id", "thread_ts"), CONSTRAINT "PK_f5ac33a988e711d57e6c0437176" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('ALTER TABLE "bot_logs" ADD "origin" text NOT NULL DEFAULT \'web\'');
    await queryRunner.query(
      'ALTER TABLE "search_history" ADD "origin" text NOT NULL DEFAULT \'web\'',
    );
    await queryRunner.query(
      'ALTER TABLE "conversations" ADD "origin" text NOT NULL DEFAULT \'web\'',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_integrations" ADD CONSTRAINT "FK_35a0459ab1a3b0461b2de91862b" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_integrations" ADD CONSTRAINT "FK_f1906bc65d00c9efe854bd3dea8" FOREIGN KEY ("connected_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_channels" ADD CONSTRAINT "FK_92ac571cd6b8cf6083744e24bf3" FOREIGN KEY ("integration_id") REFERENCES "slack_integrations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_channels" ADD CONSTRAINT "FK_d5911e43852bf2f15ef83deac88" FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_events" ADD CONSTRAINT "FK_6bf5ec839ecf43d2104001e5e39" FOREIGN KEY ("integration_id") REFERENCES "slack_integrations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" ADD CONSTRAINT "FK_2e7abb281c0212fb15a6fc4c0aa" FOREIGN KEY ("integration_id") REFERENCES "slack_integrations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" ADD CONSTRAINT "FK_4f78a38ff08398684a16ec51170" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" ADD CONSTRAINT "FK_a21b7a8f7f705dd9890507a02a1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" ADD CONSTRAINT "FK_f20136998aa1874a6950451d955" FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "slack_threads" DROP CONSTRAINT "FK_f20136998aa1874a6950451d955"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" DROP CONSTRAINT "FK_a21b7a8f7f705dd9890507a02a1"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" DROP CONSTRAINT "FK_4f78a38ff08398684a16ec51170"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_threads" DROP CONSTRAINT "FK_2e7abb281c0212fb15a6fc4c0aa"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_events" DROP CONSTRAINT "FK_6bf5ec839ecf43d2104001e5e39"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_channels" DROP CONSTRAINT "FK_d5911e43852bf2f15ef83deac88"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_channels" DROP CONSTRAINT "FK_92ac571cd6b8cf6083744e24bf3"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_integrations" DROP CONSTRAINT "FK_f1906bc65d00c9efe854bd3dea8"',
    );
    await queryRunner.query(
      'ALTER TABLE "slack_integrations" DROP CONSTRAINT "FK_35a0459ab1a3b0461b2de91862b"',
    );
    await queryRunner.query('ALTER TABLE "conversations" DROP COLUMN "origin"');
    await queryRunner.query('ALTER TABLE "search_history" DROP COLUMN "origin"');
    await queryRunner.query('ALTER TABLE "bot_logs" DROP COLUMN "origin"');
    await queryRunner.query('DROP TABLE "slack_threads"');
    await queryRunner.query('DROP INDEX "public"."idx_slack_events_received"');
    await queryRunner.query('DROP TABLE "slack_events"');
    await queryRunner.query('DROP TABLE "slack_channels"');
    await queryRunner.query('DROP INDEX "public"."uq_slack_integrations_team"');
    await queryRunner.query('DROP TABLE "slack_integrations"');
  }
}
