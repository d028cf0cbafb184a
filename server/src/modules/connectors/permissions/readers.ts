import { confluencePermissions } from '../confluence/confluence-permissions.js';
import { googleDrivePermissions } from '../google-drive/drive-permissions.js';
import { githubPermissions } from '../github/github-permissions.js';
import { jiraPermissions } from '../jira/jira-permissions.js';
import type { PermissionReader } from './permission-reader.js';

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
