import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statement-level triggers keep search_term_stats and search_workspace_stats exact on every
 * insert and delete of chunks (cascades included). Rows are touched in key order so two
 * transactions indexing into one workspace wait for each other instead of deadlocking.
 */
const SEARCH_STATS_UP = [
  // Tokens in a tsvector: its positions (a lexeme stripped of positions counts once).
  `CREATE FUNCTION tsvector_tokens(v tsvector) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
     AS $$ SELECT coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0)::integer
             FROM unnest(v) u $$`,
  'UPDATE chunks SET length = tsvector_tokens(tsv)',
  `INSERT INTO search_term_stats (workspace_id, lexeme, df)
     SELECT c.workspace_id, u.lexeme, count(*) FROM chunks c, unnest(c.tsv) u GROUP BY 1, 2`,
  `INSERT INTO search_workspace_stats (workspace_id, chunk_count, total_length)
     SELECT workspace_id, count(*), sum(length) FROM chunks GROUP BY 1`,
  `CREATE FUNCTION search_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO search_term_stats AS s (workspace_id, lexeme, df)
       SELECT n.workspace_id, u.lexeme, count(*) FROM new_chunks n, unnest(n.tsv) u
        GROUP BY 1, 2 ORDER BY 1, 2
     ON CONFLICT (workspace_id, lexeme) DO UPDATE SET df = s.df + excluded.df;
     INSERT INTO search_workspace_stats AS s (workspace_id, chunk_count, total_length)
       SELECT workspace_id, count(*), sum(length) FROM new_chunks GROUP BY 1 ORDER BY 1
     ON CONFLICT (workspace_id) DO UPDATE
       SET chunk_count = s.chunk_count + excluded.chunk_count,
           total_length = s.total_length + excluded.total_length;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION search_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     WITH gone AS (
       SELECT o.workspace_id, u.lexeme, count(*) AS df FROM old_chunks o, unnest(o.tsv) u
        GROUP BY 1, 2 ORDER BY 1, 2
     )
     UPDATE search_term_stats s SET df = s.df - gone.df
       FROM gone WHERE s.workspace_id = gone.workspace_id AND s.lexeme = gone.lexeme;
     DELETE FROM search_term_stats s
      WHERE s.df <= 0 AND (s.workspace_id, s.lexeme) IN
            (SELECT o.workspace_id, u.lexeme FROM old_chunks o, unnest(o.tsv) u);
     WITH gone AS (
       SELECT workspace_id, count(*) AS n, sum(length) AS total FROM old_chunks GROUP BY 1 ORDER BY 1
     )
     UPDATE search_workspace_stats s
        SET chunk_count = s.chunk_count - gone.n, total_length = s.total_length - gone.total
       FROM gone WHERE s.workspace_id = gone.workspace_id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER chunks_search_stats_insert AFTER INSERT ON chunks
     REFERENCING NEW TABLE AS new_chunks FOR EACH STATEMENT
     EXECUTE FUNCTION search_stats_after_insert()`,
  `CREATE TRIGGER chunks_search_stats_delete AFTER DELETE ON chunks
     REFERENCING OLD TABLE AS old_chunks FOR EACH STATEMENT
     EXECUTE FUNCTION search_stats_after_delete()`,
];

const SEARCH_STATS_DOWN = [
  'DROP TRIGGER chunks_search_stats_delete ON chunks',
  'DROP TRIGGER chunks_search_stats_insert ON chunks',
  'DROP FUNCTION search_stats_after_delete()',
  'DROP FUNCTION search_stats_after_insert()',
  'DROP FUNCTION tsvector_tokens(tsvector)',
];

export class AddSearch1795263147217 implements MigrationInterface {
  name = 'AddSearch1795263147217';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "search_history" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "workspace_id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" text NOT NULL, "question" text NOT NULL, "question_key" text NOT NULL, "answer_mode" text, "source_count" integer NOT NULL DEFAULT \'0\', "latency_ms" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cb93c8f85dbdca85943ca494812" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_search_history_key" ON "search_history" ("workspace_id", "question_key") ',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_search_history_user" ON "search_history" ("workspace_id", "user_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "document_views" ("user_id" uuid NOT NULL, "document_id" uuid NOT NULL, "workspace_id" uuid NOT NULL, "viewed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c4175b5b3b2b3381ad29612d067" PRIMARY KEY ("user_id", "document_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "idx_document_views_user" ON "document_views" ("user_id", "viewed_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "search_term_stats" ("workspace_id" uuid NOT NULL, "lexeme" text NOT NULL, "df" integer NOT NULL, CONSTRAINT "PK_e44b2072224617acc3f397fa972" PRIMARY KEY ("workspace_id", "lexeme"))',
    );
    await queryRunner.query(
      'CREATE TABLE "search_workspace_stats" ("workspace_id" uuid NOT NULL, "chunk_count" integer NOT NULL, "total_length" bigint NOT NULL, CONSTRAINT "PK_107779e51c8dea5494ef7b01368" PRIMARY KEY ("workspace_id"))',
    );
    await queryRunner.query('ALTER TABLE "chunks" ADD "length" integer NOT NULL DEFAULT \'0\'');
    await queryRunner.query(
      'ALTER TABLE "search_history" ADD CONSTRAINT "FK_d1ebf4101b2804213251e0a04d2" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "document_views" ADD CONSTRAINT "FK_cda8e85ef5ff868ae6e78db125e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "document_views" ADD CONSTRAINT "FK_d5c6bb05b2fa39fa986f4f0d068" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "search_term_stats" ADD CONSTRAINT "FK_108564f7ba3875230bb54cf0cea" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "search_workspace_stats" ADD CONSTRAINT "FK_107779e51c8dea5494ef7b01368" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    for (const statement of SEARCH_STATS_UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of SEARCH_STATS_DOWN) await queryRunner.query(statement);
    await queryRunner.query(
      'ALTER TABLE "search_workspace_stats" DROP CONSTRAINT "FK_107779e51c8dea5494ef7b01368"',
    );
    await queryRunner.query(
      'ALTER TABLE "search_term_stats" DROP CONSTRAINT "FK_108564f7ba3875230bb54cf0cea"',
    );
    await queryRunner.query(
      'ALTER TABLE "document_views" DROP CONSTRAINT "FK_d5c6bb05b2fa39fa986f4f0d068"',
    );
    await queryRunner.query(
      'ALTER TABLE "document_views" DROP CONSTRAINT "FK_cda8e85ef5ff868ae6e78db125e"',
    );
    await queryRunner.query(
      'ALTER TABLE "search_history" DROP CONSTRAINT "FK_d1ebf4101b2804213251e0a04d2"',
    );
    await queryRunner.query('ALTER TABLE "chunks" DROP COLUMN "length"');
    await queryRunner.query('DROP TABLE "search_workspace_stats"');
    await queryRunner.query('DROP TABLE "search_term_stats"');
    await queryRunner.query('DROP INDEX "public"."idx_document_views_user"');
    await queryRunner.query('DROP TABLE "document_views"');
    await queryRunner.query('DROP INDEX "public"."idx_search_history_user"');
    await queryRunner.query('DROP INDEX "public"."idx_search_history_key"');
    await queryRunner.query('DROP TABLE "search_history"');
  }
}
