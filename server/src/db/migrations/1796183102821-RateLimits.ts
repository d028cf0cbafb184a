import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sign-in throttle's table becomes the one rate limiter's: its counters and locks are kept. */
export class RateLimits1796183102821 implements MigrationInterface {
  name = 'RateLimits1796183102821';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "auth_throttle" RENAME TO "rate_limits"');
    await queryRunner.query(
      'ALTER TABLE "rate_limits" RENAME CONSTRAINT "PK_4c7fca5065c568fa2bae24a1d26" TO "PK_8cb6aa4831e3e775ccf370521db"',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "rate_limits" RENAME CONSTRAINT "PK_8cb6aa4831e3e775ccf370521db" TO "PK_4c7fca5065c568fa2bae24a1d26"',
    );
    await queryRunner.query('ALTER TABLE "rate_limits" RENAME TO "auth_throttle"');
  }
}
