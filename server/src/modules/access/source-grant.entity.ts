import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../identity/user.entity.js';
import { Source } from '../corpus/index.js';
import { Group } from './group.entity.js';

/** A member chosen to read a restricted source (its owner is implied, never stored here). */
@Entity({ name: 'source_member_grants' })
@Index('idx_source_member_grants_user', ['userId'])
export class SourceMemberGrant {
  @PrimaryColumn({ type: 'uuid', name: 'source_id' })
  sourceId: string;

  @PrimaryColumn({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => Source, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: Source;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}

/** A group chosen to read a restricted source: its members read it while they are members. */
@Entity({ name: 'source_group_grants' })
@Index('idx_source_group_grants_group', ['groupId'])
export class SourceGroupGrant {
  @PrimaryColumn({ type: 'uuid', name: 'source_id' })
  sourceId: string;

  @PrimaryColumn({ type: 'uuid', name: 'group_id' })
  groupId: string;

  @ManyToOne(() => Source, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: Source;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;
}
