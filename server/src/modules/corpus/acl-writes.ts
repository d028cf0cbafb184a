import type { DataSource, EntityManager } from 'typeorm';
import type { ItemAccess } from './item-access.js';
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

/**
 * The source's principals replaced: those the permission read covered (its groups, its items'
 * clauses) and those no item names any more are dropped, then the members read are written.
 */
export async function replacePrincipals(
  m: EntityManager,
  sourceId: string,
  covered: string[],
  members: PrincipalMember[],
) {
  await m.query(
    `DELETE FROM source_principals sp WHERE sp.source_id = $1
        AND (sp.principal = ANY($2::text[])
             OR NOT EXISTS (SELECT 1 FROM documents d
                             WHERE d.source_id = $1 AND sp.principal = ANY(d.acl)))`,
    [sourceId, covered],
  );
  await insertMembers(m, sourceId, members);
}

/** The next `limit` of the source's item ids after `cursor`, in external id order. */
export async function itemIdsAfter(
  db: DataSource | EntityManager,
  sourceId: string,
  cursor: string,
  limit: number,
): Promise<string[]> {
  const rows: { external_id: string }[] = await db.query(
    `SELECT external_id FROM documents
      WHERE source_id = $1 AND external_id IS NOT NULL AND external_id > $2
      ORDER BY external_id LIMIT $3`,
    [sourceId, cursor, limit],
  );
  return rows.map((r) => r.external_id);
}

/** Every distinct access the source's items state (far fewer than items). */
export async function distinctAccesses(
  db: DataSource | EntityManager,
  sourceId: string,
): Promise<ItemAccess[]> {
  const rows: { clauses: ItemAccess }[] = await db.query(
    `SELECT DISTINCT acl_clauses AS clauses FROM documents
      WHERE source_id = $1 AND acl_clauses IS NOT NULL`,
    [sourceId],
  );
  return rows.map((r) => r.clauses).filter((c) => c.length > 0);
}

/** Items' acl and the clauses it came from, by external id (unchanged rows are not written). */
export async function writeItemAccess(
  m: EntityManager,
  sourceId: string,
  rows: { external_id: string; acl: string[]; clauses: ItemAccess | null }[],
) {
  await m.query(
    `UPDATE documents d SET acl = t.acl, acl_clauses = t.clauses
       FROM jsonb_to_recordset($2::jsonb) AS t(external_id text, acl text[], clauses jsonb)
      WHERE d.source_id = $1 AND d.external_id = t.external_id
        AND (d.acl IS DISTINCT FROM t.acl OR d.acl_clauses IS DISTINCT FROM t.clauses)`,
    [sourceId, JSON.stringify(rows)],
  );
}

/** Every item of the source hidden (acl empty) and its principals dropped: a fresh start. */
export async function hideEveryItem(m: EntityManager, sourceId: string) {
  await m.query(
    `UPDATE documents SET acl = '{}', acl_clauses = NULL
      WHERE source_id = $1 AND acl IS DISTINCT FROM '{}'`,
    [sourceId],
  );
  await m.query(`UPDATE chunks SET acl = '{}' WHERE source_id = $1 AND acl IS DISTINCT FROM '{}'`, [
    sourceId,
  ]);
  await m.query('DELETE FROM source_principals WHERE source_id = $1', [sourceId]);
}

/** One principal onto the items among `ids` that are `shown`, and off the rest of them. */
export async function setPrincipalOn(
  m: EntityManager,
  sourceId: string,
  principal: string,
  ids: string[],
  shown: string[],
) {
  await m.query(
    `UPDATE documents SET acl = array_remove(acl, $2)
      WHERE source_id = $1 AND external_id = ANY($3::text[])
        AND NOT external_id = ANY($4::text[]) AND $2 = ANY(acl)`,
    [sourceId, principal, ids, shown],
  );
  await m.query(
    `UPDATE documents SET acl = array_append(coalesce(acl, '{}'), $2)
      WHERE source_id = $1 AND external_id = ANY($3::text[])
        AND NOT coalesce($2 = ANY(acl), false)`,
    [sourceId, principal, shown],
  );
  await copyToChunks(m, sourceId, ids);
}

/** One principal off every item of the source (and its chunks). */
export async function removePrincipal(m: EntityManager, sourceId: string, principal: string) {
  await m.query(
    `UPDATE documents SET acl = array_remove(acl, $2) WHERE source_id = $1 AND $2 = ANY(acl)`,
    [sourceId, principal],
  );
  await m.query(
    `UPDATE chunks SET acl = array_remove(acl, $2) WHERE source_id = $1 AND $2 = ANY(acl)`,
    [sourceId, principal],
  );
}

/** Every principal but `held` off the source's items (and their chunks). */
export async function keepOnlyPrincipals(m: EntityManager, sourceId: string, held: string[]) {
  const [pruned]: [{ id: string }[], number] = await m.query(
    `UPDATE documents d SET acl = ARRAY(SELECT p FROM unnest(d.acl) p WHERE p = ANY($2::text[]))
      WHERE d.source_id = $1 AND NOT (coalesce(d.acl, '{}') <@ $2::text[])
      RETURNING d.id`,
    [sourceId, held],
  );
  await m.query(
    `UPDATE chunks c SET acl = d.acl FROM documents d
      WHERE d.id = ANY($1::uuid[]) AND c.document_id = d.id AND c.acl IS DISTINCT FROM d.acl`,
    [pruned.map((r) => r.id)],
  );
}
