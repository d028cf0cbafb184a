import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MemberAccessFallback1795822018990 implements MigrationInterface {
  name = 'MemberAccessFallback1795822018990';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "sources" ADD "permissions_by_member" boolean NOT NULL DEFAULT false',
    );
    await queryRunner.query('ALTER TABLE "linked_accounts" ADD "sealed_token" text');
    await queryRunner.query(
      'ALTER TABLE "linked_account_states" ADD "read_access" boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "linked_account_states" DROP COLUMN "read_access"');
    await queryRunner.query('ALTER TABLE "linked_accounts" DROP COLUMN "sealed_token"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "permissions_by_member"');
  }
}
