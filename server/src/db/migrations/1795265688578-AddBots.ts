import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBots1795265688578 implements MigrationInterface {
  name = 'AddBots1795265688578';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "bots" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "owner_id" uuid NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT \'\', "privacy" text NOT NULL DEFAULT \'public\', "model" text NOT NULL DEFAULT \'gpt35\', "language" text NOT NULL DEFAULT \'en\', "share_token" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8b1b0180229dec2cbfdf5e776e4" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_bots_share_token" ON "bots" ("share_token") ');
    await queryRunner.query(
      'CREATE INDEX "idx_bots_workspace_owner" ON "bots" ("workspace_id", "owner_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "bot_sources" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "bot_id" uuid NOT NULL, "source_id" uuid, "document_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b14d80ea2cbe532bb5c96ff246d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_bot_sources_document" ON "bot_sources" ("bot_id", "document_id") WHERE "document_id" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_bot_sources_source" ON "bot_sources" ("bot_id", "source_id") WHERE "source_id" IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "bot_logs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "bot_id" uuid NOT NULL, "asked_by_id" uuid, "question" text NOT NULL, "answer" text NOT NULL, "mode" text NOT NULL, "from_sources" boolean NOT NULL, "sources" jsonb NOT NULL DEFAULT \'[]\', "latency_ms" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0c21d52e57d14d601198599c292" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_bot_logs_bot_created" ON "bot_logs" ("bot_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "provider_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "provider" text NOT NULL DEFAULT \'openai\', "sealed_value" text NOT NULL, "masked" text NOT NULL, "verified_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cd3f4b00dc891e0d9dc9b049d25" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_provider_keys_user" ON "provider_keys" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "integration_settings" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "name" text NOT NULL, "domain" text NOT NULL DEFAULT \'\', "username" text NOT NULL DEFAULT \'\', "sealed_password" text, "spacekey" text NOT NULL DEFAULT \'\', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7fe33709ca8fb0f00136a1ff460" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_integration_settings_user_name" ON "integration_settings" ("user_id", "name") ',
    );
    await queryRunner.query(
      'ALTER TABLE "bots" ADD CONSTRAINT "FK_1226b06b63746562abc527d22e3" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "bots" ADD CONSTRAINT "FK_ca87f8143d24a5772b02520df7b" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_sources" ADD CONSTRAINT "FK_2330c51aedba9b36b11596faf35" FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_sources" ADD CONSTRAINT "FK_301f68ee305718fd86561f3ae20" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_sources" ADD CONSTRAINT "FK_f3eaa12e74a40abf2ee382faed6" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_logs" ADD CONSTRAINT "FK_4caaf7e216e660f60c271f943a9" FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_logs" ADD CONSTRAINT "FK_36bce0faa0c97011fb191913598" FOREIGN KEY ("asked_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "provider_keys" ADD CONSTRAINT "FK_f1e0feabff63cae45e5f8d952f5" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "integration_settings" ADD CONSTRAINT "FK_b91963877d3afc741a52f35bb96" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "integration_settings" DROP CONSTRAINT "FK_b91963877d3afc741a52f35bb96"',
    );
    await queryRunner.query(
      'ALTER TABLE "provider_keys" DROP CONSTRAINT "FK_f1e0feabff63cae45e5f8d952f5"',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_logs" DROP CONSTRAINT "FK_36bce0faa0c97011fb191913598"',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_logs" DROP CONSTRAINT "FK_4caaf7e216e660f60c271f943a9"',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_sources" DROP CONSTRAINT "FK_f3eaa12e74a40abf2ee382faed6"',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_sources" DROP CONSTRAINT "FK_301f68ee305718fd86561f3ae20"',
    );
    await queryRunner.query(
      'ALTER TABLE "bot_sources" DROP CONSTRAINT "FK_2330c51aedba9b36b11596faf35"',
    );
    await queryRunner.query('ALTER TABLE "bots" DROP CONSTRAINT "FK_ca87f8143d24a5772b02520df7b"');
    await queryRunner.query('ALTER TABLE "bots" DROP CONSTRAINT "FK_1226b06b63746562abc527d22e3"');
    await queryRunner.query('DROP INDEX "public"."uq_integration_settings_user_name"');
    await queryRunner.query('DROP TABLE "integration_settings"');
    await queryRunner.query('DROP INDEX "public"."uq_provider_keys_user"');
    await queryRunner.query('DROP TABLE "provider_keys"');
    await queryRunner.query('DROP INDEX "public"."idx_bot_logs_bot_created"');
    await queryRunner.query('DROP TABLE "bot_logs"');
    await queryRunner.query('DROP INDEX "public"."uq_bot_sources_source"');
    await queryRunner.query('DROP INDEX "public"."uq_bot_sources_document"');
    await queryRunner.query('DROP TABLE "bot_sources"');
    await queryRunner.query('DROP INDEX "public"."idx_bots_workspace_owner"');
    await queryRunner.query('DROP INDEX "public"."uq_bots_share_token"');
    await queryRunner.query('DROP TABLE "bots"');
  }
}
