import type { EntityManager } from 'typeorm';
import type { Source } from './source.entity.js';
import type { PrincipalMember } from './acl.js';

// The writes a permission sync makes besides documents' own acl: shared by the sync from the
// connection's reading (permission-sync.ts) and the per-member fallback (member-fallback.ts).

export async function insertMembers(m: EntityManager, sourceId: string, rows: PrincipalMember[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000);
    await m.query(
      `INSERT INTO source_principals (source_id, principal, member)
       SELECT $1, unnest($2::text[]), unnest($3::text[]) ON CONFLICT DO NOTHING`,
      [sourceId, part.map((r) => r.principal), part.map((r) => r.member)],
    );
  }
}

/** `sources.acl_chunk_counts`: how many of the source's chunks name each principal. */
export async function countAclChunks(m: EntityManager, sourceId: string) {
  await m.query(
    `UPDATE sources SET acl_chunk_counts = (
       SELECT coalesce(jsonb_object_agg(p, n), '{}'::jsonb)
         FROM (SELECT unnest(acl) AS p, count(*) AS n FROM chunks
                WHERE source_id = $1 GROUP BY 1) t)
      WHERE id = $1`,
    [sourceId],
  );
}

/** The chunks carry their document's acl: the visibility filter reads it without a join. */
export async function copyToChunks(m: EntityManager, sourceId: string, externalIds: string[]) {
  await m.query(
    `UPDATE chunks c SET acl = d.acl FROM documents d
      WHERE d.source_id = $1 AND d.external_id = ANY($2::text[]) AND c.document_id = d.id
        AND c.acl IS DISTINCT FROM d.acl`,
    [sourceId, externalIds],
  );
}

/**
 * Documents no linked member of the workspace may read (the owner aside): what the tool grants
 * only to people who have not linked their account yet.
 */
export async function unmatched(m: EntityManager, source: Source): Promise<number> {
  const [row]: { n: number }[] = await m.query(
    `WITH personal AS (
       SELECT la.provider || ':user:' || la.account_id AS p FROM linked_accounts la
        WHERE la.workspace_id = $2
       UNION SELECT la.provider || ':email:' || lower(la.email) FROM linked_accounts la
        WHERE la.workspace_id = $2 AND la.email IS NOT NULL
       UNION SELECT la.provider || ':domain:' || lower(la.hosted_domain) FROM linked_accounts la
        WHERE la.workspace_id = $2 AND la.hosted_domain IS NOT NULL),
     held AS (
       SELECT p FROM personal
       UNION SELECT '*'
       UNION SELECT sp.principal FROM source_principals sp
        WHERE sp.source_id = $1 AND sp.member IN (SELECT p FROM personal))
     SELECT count(*)::int AS n FROM documents d
      WHERE d.source_id = $1 AND NOT coalesce(d.acl && ARRAY(SELECT p FROM held), false)`,
    [source.id, source.workspaceId],
  );
  return row?.n ?? 0;
}
