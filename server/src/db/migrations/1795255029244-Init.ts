import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795255029244 implements MigrationInterface {
  name = 'Init1795255029244';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "workspaces" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_098656ae401f3e1a4586f47fd8e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "email" text NOT NULL, "first_name" text NOT NULL DEFAULT \'\', "last_name" text NOT NULL DEFAULT \'\', "password_hash" text NOT NULL, "roles" text array NOT NULL DEFAULT \'{}\', "marketing_opt_in" boolean NOT NULL DEFAULT false, "password_change_required" boolean NOT NULL DEFAULT false, "password_reset_required" boolean NOT NULL DEFAULT false, "token_version" integer NOT NULL DEFAULT \'0\', "last_sign_in_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "idx_users_workspace" ON "users" ("workspace_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") ');
    await queryRunner.query(
      'CREATE TABLE "auth_challenges" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "kind" text NOT NULL, "secret_hash" text NOT NULL, "failed_attempts" integer NOT NULL DEFAULT \'0\', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6993bc9c45bbf5948e4118de560" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_auth_challenges_user_kind" ON "auth_challenges" ("user_id", "kind") ',
    );
    await queryRunner.query(
      'CREATE TABLE "auth_throttle" ("key" text NOT NULL, "failures" integer NOT NULL DEFAULT \'0\', "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "locked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_4c7fca5065c568fa2bae24a1d26" PRIMARY KEY ("key"))',
    );
    await queryRunner.query(
      'CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "family_id" uuid NOT NULL, "token_hash" text NOT NULL, "remember" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_refresh_tokens_user" ON "refresh_tokens" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_refresh_tokens_family" ON "refresh_tokens" ("family_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_refresh_tokens_hash" ON "refresh_tokens" ("token_hash") ',
    );
    await queryRunner.query(
      'CREATE TABLE "mail_outbox" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "to_address" text NOT NULL, "subject" text NOT NULL, "text" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fecc63c96385bc35a39ccf2a72e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "users" ADD CONSTRAINT "FK_9ef32eab3ccaf4744fd36317c15" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "auth_challenges" ADD CONSTRAINT "FK_ce2bfa62e2ffd702457bc39b7eb" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_3ddc983c5f7bcf132fd8732c3f4" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_3ddc983c5f7bcf132fd8732c3f4"',
    );
    await queryRunner.query(
      'ALTER TABLE "auth_challenges" DROP CONSTRAINT "FK_ce2bfa62e2ffd702457bc39b7eb"',
    );
    await queryRunner.query('ALTER TABLE "users" DROP CONSTRAINT "FK_9ef32eab3ccaf4744fd36317c15"');
    await queryRunner.query('DROP TABLE "mail_outbox"');
    await queryRunner.query('DROP INDEX "public"."uq_refresh_tokens_hash"');
    await queryRunner.query('DROP INDEX "public"."idx_refresh_tokens_family"');
    await queryRunner.query('DROP INDEX "public"."idx_refresh_tokens_user"');
    await queryRunner.query('DROP TABLE "refresh_tokens"');
    await queryRunner.query('DROP TABLE "auth_throttle"');
    await queryRunner.query('DROP INDEX "public"."idx_auth_challenges_user_kind"');
    await queryRunner.query('DROP TABLE "auth_challenges"');
    await queryRunner.query('DROP INDEX "public"."uq_users_email"');
    await queryRunner.query('DROP INDEX "public"."idx_users_workspace"');
    await queryRunner.query('DROP TABLE "users"');
    await queryRunner.query('DROP TABLE "workspaces"');
  }
}
