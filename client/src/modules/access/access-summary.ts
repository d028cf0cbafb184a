import type { SourceAccessInput, SourceAccessMode } from '../../graphql/types';
import { displayName } from '../../layout/user-display';
import { CONNECTORS, isConnectorKind } from '../connectors/connector-kinds';
import type { PersonFieldsFragment } from './graphql/groups.generated';
import type { SourceAccessFieldsFragment } from './graphql/source-access.generated';

export type Person = PersonFieldsFragment;

/** What an access form holds: the mode, and the people and groups chosen for RESTRICTED. */
export interface AccessDraft {
  mode: SourceAccessMode;
  memberIds: string[];
  groupIds: string[];
  /** MIRROR: minutes between reads of the tool's permissions (null: the server's default). */
  permissionSyncMinutes?: number | null;
}

/** The default for a new upload: every member reads it. */
export const EVERYONE: AccessDraft = { mode: 'WORKSPACE', memberIds: [], groupIds: [] };

/** The default for a new connection: each member reads what the tool lets them read. */
export const MIRROR: AccessDraft = { mode: 'MIRROR', memberIds: [], groupIds: [] };

export const MODE_LABEL: Record<SourceAccessMode, string> = {
  MIRROR: 'Same as in the tool',
  WORKSPACE: 'Everyone in the workspace',
  RESTRICTED: 'Only chosen people and groups',
};

/** The mode's label, naming the tool for MIRROR ("Mirror Confluence's permissions"). */
export function modeLabel(mode: SourceAccessMode, tool?: string | null): string {
  return mode === 'MIRROR' && tool ? `Mirror ${tool}'s permissions` : MODE_LABEL[mode];
}

/** A connected tool's name ("Confluence", "Google Drive") for its kind; null for uploads. */
export function toolOf(kind: string | undefined): string | null {
  return kind && isConnectorKind(kind) ? CONNECTORS[kind].label : null;
}

/** The API's input for a draft: only RESTRICTED carries lists (the server clears them anyway). */
export function accessInput(draft: AccessDraft): SourceAccessInput {
  if (draft.mode === 'WORKSPACE') return { mode: 'WORKSPACE' };
  if (draft.mode === 'MIRROR')
    return draft.permissionSyncMinutes
      ? { mode: 'MIRROR', permissionSyncMinutes: draft.permissionSyncMinutes }
      : { mode: 'MIRROR' };
  return { mode: 'RESTRICTED', memberIds: draft.memberIds, groupIds: draft.groupIds };
}

/** A source's current access as a draft (the lists are empty for those who may not see them). */
export function draftOf(access: SourceAccessFieldsFragment['access']): AccessDraft {
  return {
    mode: access.mode,
    memberIds: access.members.map((m) => m.id),
    groupIds: access.groups.map((g) => g.id),
    permissionSyncMinutes: access.permissionSyncMinutes ?? null,
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 people, 1 group", "1 person", "2 groups"; empty when nothing was chosen. */
export function chosenCount(memberCount: number, groupCount: number): string {
  const parts: string[] = [];
  if (memberCount > 0) parts.push(count(memberCount, 'person', 'people'));
  if (groupCount > 0) parts.push(count(groupCount, 'group', 'groups'));
  return parts.join(', ');
}

/** "You", the owner's name, or a fallback once they left the workspace. */
export function ownerName(owner: Person | null | undefined, viewerId: string | undefined): string {
  if (!owner) return 'its former owner';
  return owner.id === viewerId ? 'you' : displayName(owner);
}

type AccessSource = Pick<SourceAccessFieldsFragment, 'access' | 'owner'> & {
  /** The source's kind: names the tool a MIRROR source follows. */
  kind?: string;
  /** degraded: the tool's permissions could not be read, only the owner reads it. */
  permissionsState?: string | null;
  permissionsFromMembers?: boolean;
};

/**
 * The short label of a source row: "Everyone"; "As in Confluence"; "Only you" / "Only Grace
 * Hopper" when nothing else was chosen (the owner always reads it); else "3 people, 1 group".
 */
export function accessLabel(source: AccessSource, viewerId: string | undefined): string {
  const { access } = source;
  if (access.mode === 'WORKSPACE') return 'Everyone';
  if (access.mode === 'MIRROR') return `As in ${toolOf(source.kind) ?? 'the tool'}`;
  const chosen = chosenCount(access.memberCount, access.groupCount);
  if (chosen) return chosen;
  if (!source.owner) return 'No one yet';
  return source.owner.id === viewerId ? 'Only you' : `Only ${displayName(source.owner)}`;
}

/** "a, b and c". */
function listOf(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The sentence for the read-only view and the row's tooltip: "Everyone in the workspace can
 * read its documents." / "Each member reads what Confluence lets them read; …" / "Only you, 3
 * people and the members of 1 group can read its documents."
 */
export function accessSentence(source: AccessSource, viewerId: string | undefined): string {
  const { access } = source;
  if (access.mode === 'WORKSPACE') return 'Everyone in the workspace can read its documents.';
  if (access.mode === 'MIRROR') {
    const tool = toolOf(source.kind) ?? 'the tool';
    if (source.permissionsState === 'degraded')
      return source.permissionsFromMembers
        ? `${tool}'s permissions could not be read: each member reads what ${tool} shows their own linked account; the owner reads everything.`
        : `${tool}'s permissions could not be read: only the owner reads its documents for now.`;
    return `Each member reads what ${tool} lets them read; the owner reads everything.`;
  }
  const readers: string[] = [];
  if (source.owner) readers.push(ownerName(source.owner, viewerId));
  if (access.memberCount > 0) readers.push(count(access.memberCount, 'person', 'people'));
  if (access.groupCount > 0)
    readers.push(`the members of ${count(access.groupCount, 'group', 'groups')}`);
  if (readers.length === 0)
    return 'No one can read its documents: its owner left the workspace and no one else was chosen.';
  return `Only ${listOf(readers)} can read its documents.`;
}
