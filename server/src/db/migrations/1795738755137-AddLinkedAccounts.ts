import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddLinkedAccounts1795738755137 implements MigrationInterface {
  name = 'AddLinkedAccounts1795738755137';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "linked_accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "user_id" uuid NOT NULL, "provider" text NOT NULL, "account_id" text NOT NULL, "email" text, "linked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_445bf7a50aeeb7f0084052935a6" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_linked_accounts_workspace_account" ON "linked_accounts" ("workspace_id", "provider", "account_id") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_linked_accounts_user_provider" ON "linked_accounts" ("user_id", "provider") ',
    );
    await queryRunner.query(
      'CREATE TABLE "linked_account_states" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "state_hash" text NOT NULL, "user_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "provider" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e09fb43ce2f56dfe295b42b82d5" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_linked_account_states_hash" ON "linked_account_states" ("state_hash") ',
    );
    await queryRunner.query(
      'ALTER TABLE "linked_accounts" ADD CONSTRAINT "FK_c9f2aa8968de9ce174fbd846c7c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "linked_account_states" ADD CONSTRAINT "FK_f753d26014fd63bf62a4e4bf973" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "linked_account_states" DROP CONSTRAINT "FK_f753d26014fd63bf62a4e4bf973"',
    );
    await queryRunner.query(
      'ALTER TABLE "linked_accounts" DROP CONSTRAINT "FK_c9f2aa8968de9ce174fbd846c7c"',
    );
    await queryRunner.query('DROP INDEX "public"."uq_linked_account_states_hash"');
    await queryRunner.query('DROP TABLE "linked_account_states"');
    await queryRunner.query('DROP INDEX "public"."uq_linked_accounts_user_provider"');
    await queryRunner.query('DROP INDEX "public"."uq_linked_accounts_workspace_account"');
    await queryRunner.query('DROP TABLE "linked_accounts"');
  }
}
