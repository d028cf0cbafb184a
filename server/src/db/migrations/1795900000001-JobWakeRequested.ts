import type { MigrationInterface, QueryRunner } from 'typeorm';

export class JobWakeRequested1795900000001 implements MigrationInterface {
  name = 'JobWakeRequested1795900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "jobs" ADD "wake_requested" boolean NOT NULL DEFAULT false',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "jobs" DROP COLUMN "wake_requested"');
  }
}
