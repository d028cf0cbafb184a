import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workspace } from '../identity/workspace.entity.js';

/**
 * Document frequency of each lexeme among a workspace's chunks: the IDF that Postgres' own
 * ts_rank lacks. Kept exact by statement-level triggers on `chunks` (see the AddSearch
 * migration), so every insert and every delete, cascades included, updates it in the same
 * transaction.
 */
@Entity({ name: 'search_term_stats' })
export class SearchTermStat {
  @PrimaryColumn({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @PrimaryColumn({ type: 'text' })
  lexeme: string;

  @Column({ type: 'integer' })
  df: number;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;
}

/** How many chunks a workspace has and their total length in tokens (for BM25's avgdl). */
@Entity({ name: 'search_workspace_stats' })
export class SearchWorkspaceStat {
  @PrimaryColumn({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @Column({ type: 'integer', name: 'chunk_count' })
  chunkCount: number;

  @Column({
    type: 'bigint',
    name: 'total_length',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  totalLength: number;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;
}
