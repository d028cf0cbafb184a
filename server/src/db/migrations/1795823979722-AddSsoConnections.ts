import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSsoConnections1795823979722 implements MigrationInterface {
  name = 'AddSsoConnections1795823979722';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "sso_connections" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "name" text NOT NULL, "issuer" text NOT NULL, "client_id" text NOT NULL, "sealed_client_secret" text, "scopes" text array NOT NULL DEFAULT \'{openid,email,profile}\', "pkce" boolean NOT NULL DEFAULT true, "domains" text array NOT NULL DEFAULT \'{}\', "jit_enabled" boolean NOT NULL DEFAULT false, "default_role" text NOT NULL DEFAULT \'customer_facing\', "groups_claim" text, "group_roles" jsonb NOT NULL DEFAULT \'[]\', "enabled" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e805b051afd9f0dc0349b064cf4" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_sso_connections_workspace" ON "sso_connections" ("workspace_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sso_domains" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "domain" text NOT NULL, "txt_token" text NOT NULL, "verified_at" TIMESTAMP WITH TIME ZONE, "last_checked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_183758629e3cd34594ba2aed491" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_domains_verified" ON "sso_domains" ("domain") WHERE verified_at IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_domains_workspace_domain" ON "sso_domains" ("workspace_id", "domain") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sso_identities" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "connection_id" uuid NOT NULL, "subject" text NOT NULL, "user_id" uuid NOT NULL, "email_at_login" text, "last_login_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a8d11d478e6dc2743d407a7456a" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_sso_identities_user" ON "sso_identities" ("user_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_identities_user" ON "sso_identities" ("connection_id", "user_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_identities_subject" ON "sso_identities" ("connection_id", "subject") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sso_login_attempts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "state_hash" text NOT NULL, "browser_hash" text NOT NULL, "nonce" text NOT NULL, "sealed_code_verifier" text NOT NULL, "connection_id" uuid NOT NULL, "return_to" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_033838e8eda35ba07fb69b3645f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_login_attempts_state" ON "sso_login_attempts" ("state_hash") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_sso_login_attempts_expires" ON "sso_login_attempts" ("expires_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sso_handoff_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code_hash" text NOT NULL, "user_id" uuid NOT NULL, "family_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_de7698aeed7b72e62f70d72f46c" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_handoff_codes_hash" ON "sso_handoff_codes" ("code_hash") ',
    );
    await queryRunner.query(
      'CREATE TABLE "sso_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "family_id" uuid NOT NULL, "user_id" uuid NOT NULL, "connection_id" uuid NOT NULL, "sealed_id_token" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a5483deb1e52bf7d168eb94494f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_sso_sessions_family" ON "sso_sessions" ("family_id") ',
    );
    await queryRunner.query('CREATE INDEX "idx_sso_sessions_user" ON "sso_sessions" ("user_id") ');
    await queryRunner.query(
      'ALTER TABLE "workspaces" ADD "sso_enforced" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_connections" ADD CONSTRAINT "FK_44aee9e5246c0cd74085e4cbd3d" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_domains" ADD CONSTRAINT "FK_bafc168ae99c66c1ed571e9260a" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_identities" ADD CONSTRAINT "FK_38e81e7449018dd760cb8d6f68e" FOREIGN KEY ("connection_id") REFERENCES "sso_connections"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_identities" ADD CONSTRAINT "FK_17b0ed9f37917807a7072f71f96" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_login_attempts" ADD CONSTRAINT "FK_bc85a04038966d3ae125643b390" FOREIGN KEY ("connection_id") REFERENCES "sso_connections"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_handoff_codes" ADD CONSTRAINT "FK_c075a77d8ac562a9b95aa455391" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_sessions" ADD CONSTRAINT "FK_7ba11dd919e6618fb99fd6d6d50" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_sessions" ADD CONSTRAINT "FK_915206cd10175e43b7d9200a531" FOREIGN KEY ("connection_id") REFERENCES "sso_connections"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "sso_sessions" DROP CONSTRAINT "FK_915206cd10175e43b7d9200a531"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_sessions" DROP CONSTRAINT "FK_7ba11dd919e6618fb99fd6d6d50"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_handoff_codes" DROP CONSTRAINT "FK_c075a77d8ac562a9b95aa455391"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_login_attempts" DROP CONSTRAINT "FK_bc85a04038966d3ae125643b390"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_identities" DROP CONSTRAINT "FK_17b0ed9f37917807a7072f71f96"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_identities" DROP CONSTRAINT "FK_38e81e7449018dd760cb8d6f68e"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_domains" DROP CONSTRAINT "FK_bafc168ae99c66c1ed571e9260a"',
    );
    await queryRunner.query(
      'ALTER TABLE "sso_connections" DROP CONSTRAINT "FK_44aee9e5246c0cd74085e4cbd3d"',
    );
    await queryRunner.query('ALTER TABLE "workspaces" DROP COLUMN "sso_enforced"');
    await queryRunner.query('DROP INDEX "public"."idx_sso_sessions_user"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_sessions_family"');
    await queryRunner.query('DROP TABLE "sso_sessions"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_handoff_codes_hash"');
    await queryRunner.query('DROP TABLE "sso_handoff_codes"');
    await queryRunner.query('DROP INDEX "public"."idx_sso_login_attempts_expires"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_login_attempts_state"');
    await queryRunner.query('DROP TABLE "sso_login_attempts"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_identities_subject"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_identities_user"');
    await queryRunner.query('DROP INDEX "public"."idx_sso_identities_user"');
    await queryRunner.query('DROP TABLE "sso_identities"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_domains_workspace_domain"');
    await queryRunner.query('DROP INDEX "public"."uq_sso_domains_verified"');
    await queryRunner.query('DROP TABLE "sso_domains"');
    await queryRunner.query('DROP INDEX "public"."idx_sso_connections_workspace"');
    await queryRunner.query('DROP TABLE "sso_connections"');
  }
}
