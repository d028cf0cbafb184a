import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';

/** Google Drive API v3: the shapes, queries and file kinds the connector uses. */

export const FOLDER = 'application/vnd.google-apps.folder';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  modifiedTime?: string;
  /** Moves on with every change to the file, content or metadata (an int64 as a string). */
  version?: string;
  webViewLink?: string;
  /** Bytes, for uploaded files only (an int64 as a string). */
  size?: string;
  parents?: string[];
  trashed?: boolean;
}

export interface FileList {
  files?: DriveFile[];
  nextPageToken?: string;
  /** Google could not search every drive (corpora=allDrives over many drives). */
  incompleteSearch?: boolean;
}

export interface ChangeList {
  changes?: {
    /** 'file', or 'drive' for a shared drive's own change (removed: the account left or lost it). */
    changeType?: string;
    fileId?: string;
    driveId?: string;
    removed?: boolean;
    file?: DriveFile;
  }[];
  /** More pages follow. */
  nextPageToken?: string;
  /** On the last page: where the next sync starts. */
  newStartPageToken?: string;
}

/** Fields of a listed or changed file (the changes feed nests them under `file`). */
export const FILE_FIELDS = 'id,name,mimeType,modifiedTime,version,webViewLink,size,parents,trashed';

export interface FileKind {
  /** itemType: `google/<type>`. */
  type: string;
  /** Google-native files are exported as this type; the rest are downloaded as they are. */
  exportAs?: string;
  /** The extension the parsers read the bytes by. */
  extension: string;
}

/** What Lumen indexes; images, video, forms, shortcuts and folders are never listed. */
export const KINDS: Record<string, FileKind> = {
  'application/vnd.google-apps.document': {
    type: 'document',
    exportAs: 'text/plain',
    extension: 'txt',
  },
  // xlsx keeps every sheet (CSV would export the first only).
  'application/vnd.google-apps.spreadsheet': {
    type: 'spreadsheet',
    exportAs: XLSX,
    extension: 'xlsx',
  },
  'application/vnd.google-apps.presentation': {
    type: 'presentation',
    exportAs: 'text/plain',
    extension: 'txt',
  },
  'application/pdf': { type: 'pdf', extension: 'pdf' },
  'application/msword': { type: 'doc', extension: 'doc' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    type: 'docx',
    extension: 'docx',
  },
  'application/vnd.ms-excel': { type: 'xls', extension: 'xls' },
  [XLSX]: { type: 'xlsx', extension: 'xlsx' },
  'application/vnd.ms-powerpoint': { type: 'ppt', extension: 'ppt' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    type: 'pptx',
    extension: 'pptx',
  },
  'text/plain': { type: 'txt', extension: 'txt' },
  'text/markdown': { type: 'markdown', extension: 'md' },
  // A CSV file is read as a one-sheet spreadsheet (and shown as a table).
  'text/csv': { type: 'csv', extension: 'csv' },
  'text/html': { type: 'html', extension: 'html' },
  'application/json': { type: 'json', extension: 'json' },
  'application/rtf': { type: 'rtf', extension: 'rtf' },
  'text/rtf': { type: 'rtf', extension: 'rtf' },
  'application/vnd.oasis.opendocument.text': { type: 'odt', extension: 'odt' },
  'application/vnd.oasis.opendocument.spreadsheet': { type: 'ods', extension: 'ods' },
  'application/vnd.oasis.opendocument.presentation': { type: 'odp', extension: 'odp' },
};

export const kindOf = (file: DriveFile): FileKind | undefined =>
  file.mimeType ? KINDS[file.mimeType] : undefined;

/** A Drive query string literal: backslashes and quotes escaped. */
export function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `(mimeType = '…' or …)` over the indexed kinds, plus folders when walking. */
export function typeFilter(withFolders: boolean): string {
  const types = [...Object.keys(KINDS), ...(withFolders ? [FOLDER] : [])];
  return `(${types.map((t) => `mimeType = ${quote(t)}`).join(' or ')})`;
}

/** `('a' in parents or 'b' in parents)`. */
export function parentsFilter(folderIds: string[]): string {
  return `(${folderIds.map((id) => `${quote(id)} in parents`).join(' or ')})`;
}

/** `${apiBase}/drive/v3${path}?…`, the path's ids escaped by the caller. */
export function driveUrl(
  apiBase: string,
  path: string,
  params: Record<string, string | number | null | undefined> = {},
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== null && value !== undefined) query.set(name, String(value));
  const search = query.toString();
  return `${apiBase.replace(/\/+$/, '')}/drive/v3${path}${search ? `?${search}` : ''}`;
}

/** Shared drives included everywhere (Drive leaves them out unless both flags are set). */
export const ALL_DRIVES = { supportsAllDrives: 'true', includeItemsFromAllDrives: 'true' };

/**
 * A folder id as people paste it: the id itself, or a folder's address
 * (https://drive.google.com/drive/folders/<id>?usp=sharing, …/open?id=<id>).
 */
export function parseFolderId(input: string): string {
  const text = input.trim();
  let id = text;
  if (/^https?:\/\//i.test(text) && URL.canParse(text)) {
    const url = new URL(text);
    id = /\/folders\/([^/?#]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('id') ?? '';
  }
  if (!/^[\w-]{1,200}$/.test(id))
    throw new ConnectorConfigError(
      `"${text}" is not a Google Drive folder id. Open the folder in Google Drive and copy the last part of its address (…/folders/<id>).`,
    );
  return id;
}

/** The name the parsers see: the extension they read the bytes by, added when missing. */
export function fileNameFor(name: string, extension: string): string {
  return name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`;
}

export interface GoogleDriveSettings {
  /** GOOGLE_API_URL, e.g. https://www.googleapis.com (a fake's URL in tests); API paths are /drive/v3/… */
  apiBase: string;
  /** Folder ids to sync (with everything below them); empty: everything the account can see (My Drive and shared drives). */
  folderIds: string[];
  /** Resolved by validate: the folders' names, for display. */
  folders?: { id: string; name: string }[];
  /** Resolved by validate: the account's email (about.user.emailAddress). */
  account?: string;
}

export type DriveContext = ConnectorContext<GoogleDriveSettings>;

/** Ids per id-listing page (Drive's largest page). */
export const ID_PAGE_SIZE = 1000;
/** Folders per `in parents` query, so a walk of many small folders takes few requests. */
export const PARENTS_PER_QUERY = 20;
/** Folders walked or kept in scope at most: their ids ride in the checkpoint. */
export const MAX_FOLDERS = 5000;

export const externalId = (fileId: string) => `file:${fileId}`;
export const versionOf = (file: DriveFile) => file.version ?? file.modifiedTime ?? '';
