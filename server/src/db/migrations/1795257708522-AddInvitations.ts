import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddInvitations1795257708522 implements MigrationInterface {
  name = 'AddInvitations1795257708522';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "email" text NOT NULL, "roles" text array NOT NULL, "message" text, "token_hash" text NOT NULL, "invited_by_id" uuid, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "send_count" integer NOT NULL DEFAULT \'1\', "accepted_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5dec98cfdfd562e4ad3648bbb07" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_invitations_token_hash" ON "invitations" ("token_hash") ',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_invitations_open_email" ON "invitations" ("workspace_id", "email") WHERE accepted_at IS NULL AND revoked_at IS NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "invitations" ADD CONSTRAINT "FK_37d2c3ed527014368be5302bdec" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "invitations" ADD CONSTRAINT "FK_d4de0403dd012cf87b430af70ef" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "invitations" DROP CONSTRAINT "FK_d4de0403dd012cf87b430af70ef"',
    );
    await queryRunner.query(
      'ALTER TABLE "invitations" DROP CONSTRAINT "FK_37d2c3ed527014368be5302bdec"',
    );
    await queryRunner.query('DROP INDEX "public"."uq_invitations_open_email"');
    await queryRunner.query('DROP INDEX "public"."uq_invitations_token_hash"');
    await queryRunner.query('DROP TABLE "invitations"');
  }
}
