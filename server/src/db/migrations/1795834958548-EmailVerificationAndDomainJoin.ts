import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailVerificationAndDomainJoin1795834958548 implements MigrationInterface {
  name = 'EmailVerificationAndDomainJoin1795834958548';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "workspaces" ADD "join_by_domain" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query('ALTER TABLE "users" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query(
      'ALTER TABLE "invitations" ADD "token_mailed" boolean NOT NULL DEFAULT true',
    );
    // Existing users stay unverified: nothing recorded proves they receive mail at their address
    // (an invitation link may have been copied by hand, an IdP's email_verified was not kept).
    // They verify from the banner or Account settings. Likewise an open invitation's current
    // link may have been a copied one: accepting it will not count as proof.
    await queryRunner.query(
      'UPDATE "invitations" SET "token_mailed" = false WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "invitations" DROP COLUMN "token_mailed"');
    await queryRunner.query('ALTER TABLE "users" DROP COLUMN "email_verified_at"');
    await queryRunner.query('ALTER TABLE "workspaces" DROP COLUMN "join_by_domain"');
  }
}
