import type { DataSource } from 'typeorm';
import { badInput, notFound } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { AnswerOrigin } from './answer-origin.js';
import { Conversation, ConversationTurn, type TurnSource } from './conversation.entity.js';
import type { PriorTurn } from './follow-up.js';

/**
 * Whose thread it is: a member (on the ask screen, or with a bot), or a public page's visitor
 * (no user: holding the id is what lets them continue it).
 */
export interface ConversationOwner {
  workspaceId: string;
  userId: string | null;
  botId: string | null;
}

export interface NewTurn {
  question: string;
  searchQuery: string;
  keyTerms: string[];
  answer: string;
  mode: string;
  notice: string | null;
  model: string | null;
  sources: TurnSource[];
  latencyMs: number;
}

export interface ConversationSummary {
  id: string;
  title: string;
  botId: string | null;
  botName: string | null;
  turnCount: number;
  origin: AnswerOrigin;
  createdAt: Date;
  updatedAt: Date;
}

/** Turns a follow-up reads from its thread (the budget then keeps what fits). */
const CONTEXT_TURNS = 6;
const TITLE_CHARS = 120;
/** A ConversationSummary's columns, from `conversations c LEFT JOIN bots b`. */
const SUMMARY_COLUMNS = `c.id, c.title, c.bot_id AS "botId", b.name AS "botName",
  c.turn_count AS "turnCount", c.origin, c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;
export const RETENTION_LIMITS = { min: 1, max: 3650 };

/** Conversations and their turns, always read through their owner. */
export class ConversationsService {
  constructor(private readonly db: DataSource) {}

  /**
   * The conversation a question continues, with its latest turns (oldest first); none for a
   * new one. An id that is not the owner's answers 404, the same as one that does not exist.
   */
  async open(
    owner: ConversationOwner,
    id: unknown,
  ): Promise<{ conversation: Conversation | null; previous: PriorTurn[] }> {
    if (id === undefined || id === null || id === '') return { conversation: null, previous: [] };
    if (typeof id !== 'string') throw badInput('conversationId must be a string.');
    assertId(id, 'This conversation does not exist.');
    // One round trip: the owner check and the latest turns (a follow-up's only extra read).
    const rows: (PriorTurn & { id: string; turn_count: number; ordinal: number | null })[] =
      await this.db.query(
        `SELECT c.id, c.turn_count, t.ordinal, t.question, t.search_query AS "searchQuery",
                t.answer, t.key_terms AS "keyTerms",
                coalesce(ARRAY(SELECT DISTINCT s->>'documentId'
                                 FROM jsonb_array_elements(t.sources) s
                                WHERE s->>'documentId' IS NOT NULL), '{}') AS "citedDocumentIds"
           FROM conversations c
           LEFT JOIN LATERAL (SELECT ordinal, question, search_query, answer, key_terms, sources
                                FROM conversation_turns WHERE conversation_id = c.id
                               ORDER BY ordinal DESC LIMIT $5) t ON TRUE
          WHERE c.id = $1 AND c.workspace_id = $2
            AND c.user_id IS NOT DISTINCT FROM $3::uuid AND c.bot_id IS NOT DISTINCT FROM $4::uuid
          ORDER BY t.ordinal`,
        [id, owner.workspaceId, owner.userId, owner.botId, CONTEXT_TURNS],
      );
    if (rows.length === 0) throw notFound('This conversation does not exist.');
    const conversation = Object.assign(new Conversation(), {
      id: rows[0].id,
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      botId: owner.botId,
    });
    const previous = rows
      .filter((r) => r.ordinal !== null)
      .map(({ question, searchQuery, answer, keyTerms, citedDocumentIds }) => ({
        question,
        searchQuery,
        answer,
        keyTerms,
        citedDocumentIds,
      }));
    return { conversation, previous };
  }

  /** Adds a turn, starting the conversation when there is none (its title is the question). */
  async append(
    owner: ConversationOwner,
    conversation: Conversation | null,
    turn: NewTurn,
    /** Where a new conversation was started (a continued one keeps its own). */
    origin: AnswerOrigin = 'web',
  ): Promise<{ conversationId: string; turnId: string }> {
    return this.db.transaction(async (m) => {
      let conversationId = conversation?.id;
      if (!conversationId) {
        const created = await m.getRepository(Conversation).save({
          workspaceId: owner.workspaceId,
          userId: owner.userId,
          botId: owner.botId,
          title: titleOf(turn.question),
          turnCount: 0,
          origin,
        });
        conversationId = created.id;
      }
      // The row lock orders two questions sent to one thread at once.
      const [rows] = await m.query(
        `UPDATE conversations SET turn_count = turn_count + 1, updated_at = now()
          WHERE id = $1 RETURNING turn_count`,
        [conversationId],
      );
      const ordinal: number = rows[0].turn_count;
      const saved = await m.getRepository(ConversationTurn).save({
        conversationId,
        workspaceId: owner.workspaceId,
        ordinal,
        ...turn,
        latencyMs: Math.round(turn.latencyMs),
      });
      return { conversationId, turnId: saved.id };
    });
  }

  /** The owner's conversations, latest first; `search` matches titles and questions. */
  async list(
    owner: { workspaceId: string; userId: string },
    options: { first: number; after?: string | null; search?: string | null },
  ): Promise<{ nodes: ConversationSummary[]; hasMore: boolean; endCursor: string | null }> {
    const params: unknown[] = [owner.workspaceId, owner.userId, options.first + 1];
    let where = 'c.workspace_id = $1 AND c.user_id = $2';
    if (options.after) {
      const [time, id] = options.after.split('|');
      if (!time || !id || Number.isNaN(Date.parse(time))) throw badInput('Invalid cursor.');
      assertId(id);
      params.push(time, id);
      where += ` AND (c.updated_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    }
    const search = options.search?.trim();
    if (search) {
      if (search.length > 200) throw badInput('Search at most 200 characters.');
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      where += ` AND (c.title ILIKE ${p} OR EXISTS (SELECT 1 FROM conversation_turns t
                  WHERE t.conversation_id = c.id AND t.question ILIKE ${p}))`;
    }
    const rows: (ConversationSummary & { cursor: string })[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS},
              to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || c.id AS cursor
         FROM conversations c LEFT JOIN bots b ON b.id = c.bot_id
        WHERE ${where} ORDER BY c.updated_at DESC, c.id DESC LIMIT $3`,
      params,
    );
    const nodes = rows.slice(0, options.first);
    return {
      nodes: nodes.map(({ cursor: _cursor, ...n }) => n),
      hasMore: rows.length > options.first,
      endCursor: nodes.length > 0 ? nodes[nodes.length - 1].cursor : null,
    };
  }

  /** One of the owner's conversations with every turn, oldest first. */
  async get(
    owner: { workspaceId: string; userId: string },
    id: string,
  ): Promise<{ conversation: ConversationSummary; turns: ConversationTurn[] }> {
    assertId(id, 'This conversation does not exist.');
    const [row]: ConversationSummary[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}
         FROM conversations c LEFT JOIN bots b ON b.id = c.bot_id
        WHERE c.id = $1 AND c.workspace_id = $2 AND c.user_id = $3`,
      [id, owner.workspaceId, owner.userId],
    );
    if (!row) throw notFound('This conversation does not exist.');
    const turns = await this.db
      .getRepository(ConversationTurn)
      .find({ where: { conversationId: id }, order: { ordinal: 'ASC' } });
    return { conversation: row, turns };
  }

  async rename(owner: { workspaceId: string; userId: string }, id: string, title: unknown) {
    if (typeof title !== 'string' || !title.trim()) throw badInput('Give the conversation a name.');
    const clean = title.replace(/\s+/g, ' ').trim();
    if (clean.length > TITLE_CHARS)
      throw badInput(`A conversation name is at most ${TITLE_CHARS} characters.`);
    assertId(id, 'This conversation does not exist.');
    const result = await this.db
      .getRepository(Conversation)
      .update({ id, workspaceId: owner.workspaceId, userId: owner.userId }, { title: clean });
    if (!result.affected) throw notFound('This conversation does not exist.');
    return this.get(owner, id);
  }

  /** Deletes the conversation with its turns and the votes on them. */
  async delete(owner: { workspaceId: string; userId: string }, id: string): Promise<void> {
    assertId(id, 'This conversation does not exist.');
    const result = await this.db
      .getRepository(Conversation)
      .delete({ id, workspaceId: owner.workspaceId, userId: owner.userId });
    if (!result.affected) throw notFound('This conversation does not exist.');
  }

  /**
   * Deletes conversations untouched for longer than their workspace keeps them, a batch at a
   * time (a large backlog is worked off over several runs instead of one long transaction).
   */
  async prune(batch = 1_000): Promise<number> {
    // TypeORM answers a DELETE with [rows, count].
    const [rows]: [unknown[], number] = await this.db.query(
      `DELETE FROM conversations WHERE id IN (
         SELECT c.id FROM conversations c JOIN workspaces w ON w.id = c.workspace_id
          WHERE c.updated_at < now() - make_interval(days => w.conversation_retention_days)
          LIMIT $1) RETURNING id`,
      [batch],
    );
    return rows.length;
  }

  async retentionDays(workspaceId: string): Promise<number> {
    const [row] = await this.db.query(
      'SELECT conversation_retention_days AS days FROM workspaces WHERE id = $1',
      [workspaceId],
    );
    return row?.days ?? 90;
  }

  async setRetentionDays(workspaceId: string, days: number): Promise<number> {
    if (!Number.isInteger(days) || days < RETENTION_LIMITS.min || days > RETENTION_LIMITS.max) {
      throw badInput(
        `Keep conversations between ${RETENTION_LIMITS.min} and ${RETENTION_LIMITS.max} days.`,
      );
    }
    await this.db.query('UPDATE workspaces SET conversation_retention_days = $2 WHERE id = $1', [
      workspaceId,
      days,
    ]);
    return days;
  }
}

function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1).trimEnd()}…` : line;
}
