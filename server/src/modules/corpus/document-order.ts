import { badInput } from '../../shared/app-error.js';

/**
 * The orders a source's documents are listed in, each a keyset ending in the document id, so a
 * page never repeats or skips a row whatever ties there are, and each held by an index that
 * starts with `source_id` (a page reads one page of the index, not the whole source):
 * - `status`: failed first, then queued or parsing, then indexed; newest first within each
 *   (`idx_documents_source_listing`): what needs attention.
 * - `name`: the name a row shows, case-insensitively (`idx_documents_source_name`).
 * - `updated`: when the item last changed, newest first: its tool's time for a connected item,
 *   the upload's for a file (`idx_documents_source_updated`).
 */
export const DOCUMENT_ORDERS = ['status', 'name', 'updated'] as const;
export type DocumentOrder = (typeof DOCUMENT_ORDERS)[number];

interface SortKey {
  /** The expression sorted on, exactly as its index holds it. */
  sql: string;
  dir: 'ASC' | 'DESC';
  /** What is read into the cursor (a timestamp to the microsecond, as text). */
  select: string;
  /** The cast a cursor value gets when compared again. */
  cast: 'int' | 'text' | 'timestamptz';
}

/** created_at to the microsecond: a millisecond cursor would skip rows within a millisecond. */
const MICROS_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const micros = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', ${MICROS_FORMAT})`;

/** Failed first, then queued or parsing, then indexed (the expression of the listing index). */
export const LISTING_RANK = `CASE d.status WHEN 'failed' THEN 0 WHEN 'indexed' THEN 2 ELSE 1 END`;
const NAME = 'lower(d.file_name)';
const UPDATED = 'coalesce(d.external_updated_at, d.created_at)';

const ORDERINGS: Record<DocumentOrder, { prefix: string; keys: SortKey[] }> = {
  // No prefix: the cursors this order has always made stay valid.
  status: {
    prefix: '',
    keys: [
      { sql: LISTING_RANK, dir: 'ASC', select: LISTING_RANK, cast: 'int' },
      { sql: 'd.created_at', dir: 'DESC', select: micros('d.created_at'), cast: 'timestamptz' },
    ],
  },
  name: { prefix: 'n', keys: [{ sql: NAME, dir: 'ASC', select: NAME, cast: 'text' }] },
  updated: {
    prefix: 'u',
    keys: [{ sql: UPDATED, dir: 'DESC', select: micros(UPDATED), cast: 'timestamptz' }],
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = () => badInput('Invalid cursor.', { field: 'after' });

function checkValue(cast: SortKey['cast'], value: string): string {
  // The one integer key is the status rank.
  if (cast === 'int' && !['0', '1', '2'].includes(value)) throw invalid();
  if (cast === 'timestamptz' && (!value || Number.isNaN(Date.parse(value)))) throw invalid();
  return value;
}

/** One order's ORDER BY, its cursor, and the condition for the rows after a cursor. */
export class DocumentListing {
  private readonly prefix: string;
  readonly keys: readonly SortKey[];

  constructor(order: DocumentOrder) {
    ({ prefix: this.prefix, keys: this.keys } = ORDERINGS[order]);
  }

  /** `listing_0`, `listing_1`…: the aliases the keys are selected under. */
  alias(index: number): string {
    return `listing_${index}`;
  }

  /** The cursor of a row: its keys (text is base64url: a name may hold any character) and id. */
  cursor(values: readonly unknown[], id: string): string {
    const parts = this.keys.map((key, i) =>
      key.cast === 'text'
        ? Buffer.from(String(values[i]), 'utf8').toString('base64url')
        : String(values[i]),
    );
    return [...(this.prefix ? [this.prefix] : []), ...parts, id].join('|');
  }

  /**
   * The rows after `cursor` in this order, as SQL and its parameters. A cursor of another order
   * (or not made here) is BAD_USER_INPUT.
   */
  after(cursor: string): { sql: string; params: Record<string, unknown> } {
    const parts = cursor.split('|');
    if (this.prefix && parts.shift() !== this.prefix) throw invalid();
    if (parts.length !== this.keys.length + 1) throw invalid();
    const id = parts.pop()!;
    if (!UUID.test(id)) throw invalid();
    const params: Record<string, unknown> = { after_id: id };
    this.keys.forEach((key, i) => {
      params[`after_${i}`] =
        key.cast === 'text'
          ? Buffer.from(parts[i], 'base64url').toString('utf8')
          : checkValue(key.cast, parts[i]);
    });
    // (k0 > v0) OR (k0 = v0 AND ((k1 > v1) OR (k1 = v1 AND id > after_id))), ">" per direction.
    let sql = `d.id > :after_id`;
    for (let i = this.keys.length - 1; i >= 0; i--) {
      const key = this.keys[i];
      const value = `:after_${i}::${key.cast}`;
      const beyond = key.dir === 'ASC' ? '>' : '<';
      sql = `(${key.sql} ${beyond} ${value} OR (${key.sql} = ${value} AND ${sql}))`;
    }
    return { sql, params };
  }
}
