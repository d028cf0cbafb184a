import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search statistics after a delete of chunks, rewritten so its cost follows the deleted
 * rows whatever the planner believes. The first version subtracted, then deleted the terms at
 * zero with `df <= 0 AND (workspace, lexeme) IN (the deleted chunks' lexemes)`: once the table
 * had statistics (df is never 0 in them), the planner expected one such row and looped over
 * every deleted lexeme for each, so deleting 11,000 chunks at once (a large source removed, a
 * collection indexed again) ran for minutes to hours; now 0.2–0.9 s. Both statements join the
 * deleted lexemes to the primary key: a term they empty is deleted, the others are decremented.
 */
const DELETE_BY_KEY = `CREATE OR REPLACE FUNCTION search_stats_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
   BEGIN
     WITH gone AS (
       SELECT o.workspace_id, u.lexeme, count(*) AS df FROM old_chunks o, unnest(o.tsv) u
        GROUP BY 1, 2 ORDER BY 1, 2
     ), emptied AS (
       DELETE FROM search_term_stats s USING gone
        WHERE s.workspace_id = gone.workspace_id AND s.lexeme = gone.lexeme AND s.df <= gone.df
     )
     UPDATE search_term_stats s SET df = s.df - gone.df
       FROM gone WHERE s.workspace_id = gone.workspace_id AND s.lexeme = gone.lexeme
        AND s.df > gone.df;
     WITH gone AS (
       SELECT workspace_id, count(*) AS n, sum(length) AS total FROM old_chunks GROUP BY 1 ORDER BY 1
     )
     UPDATE search_workspace_stats s
        SET chunk_count = s.chunk_count - gone.n, total_length = s.total_length - gone.total
       FROM gone WHERE s.workspace_id = gone.workspace_id;
     RETURN NULL;
   END $$`;

/** The AddSearch migration's version, for down. */
const SUBTRACT_THEN_SWEEP = `CREATE OR REPLACE FUNCTION search_stats_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
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
   END $$`;

export class SearchStatsDeleteByKey1795900000000 implements MigrationInterface {
  name = 'SearchStatsDeleteByKey1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(DELETE_BY_KEY);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(SUBTRACT_THEN_SWEEP);
  }
}
