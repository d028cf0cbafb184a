import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Source } from './source.entity.js';

/**
 * One member of a principal that a mirrored source's documents name: a group of the tool, or an
 * intersection of a page's clauses (acl.ts). `member` is a person's own principal
 * (`atlassian:user:<id>`, `google:email:<address>`…); a Reader holding it holds `principal` for
 * this source. Rewritten by each permission sync, so a group change never rewrites documents.
 */
@Entity({ name: 'source_principals' })
@Index('idx_source_principals_member', ['member', 'sourceId'])
export class SourcePrincipal {
  @PrimaryColumn({ type: 'uuid', name: 'source_id' })
  sourceId: string;

  @ManyToOne(() => Source, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: Source;

  @PrimaryColumn({ type: 'text' })
  principal: string;

  @PrimaryColumn({ type: 'text' })
  member: string;
}
