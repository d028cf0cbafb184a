import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddAuditEvents1795700000006 implements MigrationInterface {
  name = 'AddAuditEvents1795700000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "audit_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "action" text NOT NULL, "actor_id" uuid, "actor_email" text, "api_key_id" uuid, "target_type" text, "target_id" text, "target_label" text, "ip" text, "user_agent" text, CONSTRAINT "PK_910f64d901a5c3e9878f0d4a407" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "IDX_d18569123033a4eab0bbdd92e7" ON "audit_events" ("workspace_id", "at", "id") ',
    );
    // Append-only: an event, once written, is never changed (the retention job only deletes).
    await queryRunner.query(
      `CREATE FUNCTION audit_events_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'audit events are append-only'; END $$`,
    );
    await queryRunner.query(
      'CREATE TRIGGER audit_events_append_only BEFORE UPDATE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_update()',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER audit_events_append_only ON "audit_events"');
    await queryRunner.query('DROP FUNCTION audit_events_refuse_update()');
    await queryRunner.query('DROP INDEX "public"."IDX_d18569123033a4eab0bbdd92e7"');
    await queryRunner.query('DROP TABLE "audit_events"');
  }
}
