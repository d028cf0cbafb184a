import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../identity/user.entity.js';
import { Workspace } from '../identity/workspace.entity.js';

/** A named set of members (Team settings → Groups) that source access can name at once. */
@Entity({ name: 'groups' })
@Index('uq_groups_workspace_name', ['workspaceId', 'nameKey'], { unique: true })
export class Group {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  name: string;

  /** The name folded for uniqueness ("Finance" and "finance " are one group). */
  @Column({ type: 'text', name: 'name_key' })
  nameKey: string;

  /**
   * Set once the company's identity provider manages the group through SCIM: its name and
   * members then change there, not by hand in Lumen.
   */
  @Column({ type: 'boolean', name: 'scim_managed', default: false })
  scimManaged: boolean;

  /** The identity provider's own id for the group (SCIM `externalId`). */
  @Column({ type: 'text', name: 'scim_external_id', nullable: true })
  scimExternalId: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}

/** A member of a group; leaves with the member (removal) or the group (deletion). */
@Entity({ name: 'group_members' })
@Index('idx_group_members_user', ['userId'])
export class GroupMember {
  @PrimaryColumn({ type: 'uuid', name: 'group_id' })
  groupId: string;

  @PrimaryColumn({ type: 'uuid', name: 'user_id' })
  userId: string;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Group;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
}
