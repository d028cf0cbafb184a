import { confluencePermissions } from '../confluence/confluence-permissions.js';
import { googleDrivePermissions } from '../google-drive/drive-permissions.js';
import { githubPermissions } from '../github/github-permissions.js';
import { jiraPermissions } from '../jira/jira-permissions.js';
import { confluenceMemberAccess } from '../confluence/confluence-member-access.js';
import { googleDriveMemberAccess } from '../google-drive/drive-member-access.js';
import { githubMemberAccess } from '../github/github-member-access.js';
import { jiraMemberAccess } from '../jira/jira-member-access.js';
import type { MemberAccessReader, PermissionReader } from './permission-reader.js';

/** Each connected tool's permission reader, by source kind (one file per tool, beside its connector). */
const READERS: Record<string, PermissionReader> = {
  confluence: confluencePermissions as PermissionReader,
  jira: jiraPermissions as PermissionReader,
  google_docs: googleDrivePermissions as PermissionReader,
  github: githubPermissions as PermissionReader,
};

export function permissionReaderFor(kind: string): PermissionReader | null {
  return READERS[kind] ?? null;
}

/** Each tool's way to ask what one member may read, with their own token (the fallback). */
const MEMBER_READERS: Record<string, MemberAccessReader> = {
  confluence: confluenceMemberAccess as MemberAccessReader,
  jira: jiraMemberAccess as MemberAccessReader,
  google_docs: googleDriveMemberAccess as MemberAccessReader,
  github: githubMemberAccess as MemberAccessReader,
};

export function memberReaderFor(kind: string): MemberAccessReader | null {
  return MEMBER_READERS[kind] ?? null;
}
