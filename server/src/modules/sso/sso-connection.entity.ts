import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { RoleKey } from '../identity/permissions.js';
import { Workspace } from '../identity/workspace.entity.js';

export interface GroupRole {
  group: string;
  role: RoleKey;
}

/**
 * One OpenID Connect identity provider a workspace signs its people in with. The client secret
 * is sealed (context `sso-connection:<id>`) and never answered back.
 */
@Entity({ name: 'sso_connections' })
export class SsoConnection {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_sso_connections_workspace')
  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  name: string;

  /** The issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  @Column({ type: 'text' })
  issuer: string;

  @Column({ type: 'text', name: 'client_id' })
  clientId: string;

  /** Null for a public client (PKCE only, no client authentication). */
  @Column({ type: 'text', name: 'sealed_client_secret', nullable: true })
  sealedClientSecret: string | null;

  @Column({ type: 'text', array: true, default: () => "'{openid,email,profile}'" })
  scopes: string[];

  /** Always on: every authorization request carries an S256 code challenge. */
  @Column({ type: 'boolean', default: true })
  pkce: boolean;

  /** Lower-cased email domains the connection serves (each must be proven before it routes). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  domains: string[];

  @Column({ type: 'boolean', name: 'jit_enabled', default: false })
  jitEnabled: boolean;

  @Column({ type: 'text', name: 'default_role', default: 'customer_facing' })
  defaultRole: RoleKey;

  @Column({ type: 'text', name: 'groups_claim', nullable: true })
  groupsClaim: string | null;

  @Column({ type: 'jsonb', name: 'group_roles', default: () => "'[]'" })
  groupRoles: GroupRole[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
