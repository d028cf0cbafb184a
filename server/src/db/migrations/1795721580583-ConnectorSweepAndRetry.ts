import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Connector syncs that do not re-list everything: when a source's last complete listing
 * finished (`sources.last_sweep_at`; Google Drive and GitHub run their id listing at most once
 * per CONNECTOR_SWEEP_HOURS), and a failed item's backoff (`documents.failed_version`,
 * `failure_count`, `retry_at`: the same version is not fetched again before `retry_at`).
 * Adding nullable columns and a constant default rewrites no rows; a source without
 * `last_sweep_at` (all of them at first) runs its id listing at its next sync.
 */
export class ConnectorSweepAndRetry1795721580583 implements MigrationInterface {
  name = 'ConnectorSweepAndRetry1795721580583';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sources" ADD "last_sweep_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('ALTER TABLE "documents" ADD "failed_version" text');
    await queryRunner.query(
      'ALTER TABLE "documents" ADD "failure_count" integer NOT NULL DEFAULT \'0\'',
    );
    await queryRunner.query('ALTER TABLE "documents" ADD "retry_at" TIMESTAMP WITH TIME ZONE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "retry_at"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "failure_count"');
    await queryRunner.query('ALTER TABLE "documents" DROP COLUMN "failed_version"');
    await queryRunner.query('ALTER TABLE "sources" DROP COLUMN "last_sweep_at"');
  }
}
