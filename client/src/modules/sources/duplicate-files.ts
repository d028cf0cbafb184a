import { CombinedGraphQLErrors } from '@apollo/client';

/** The document a file already is, as the server's DUPLICATE_DOCUMENT refusal names it. */
export interface ExistingDocument {
  documentId: string;
  title: string;
  sourceName: string;
}

export const DUPLICATE_CODE = 'DUPLICATE_DOCUMENT';

/**
 * The file's SHA-256 in hex, so the server can say it is already there before the bytes are
 * sent. Null where the browser cannot hash (no Web Crypto outside a secure context, e.g. plain
 * http on a LAN address): the server still finds the duplicate from the bytes, at confirm.
 */
export async function sha256Hex(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    // Whole in memory: files are bounded by the upload limit (50 MB by default).
    const digest = await subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** The existing document a refused upload names, or null for any other error. */
export function duplicateOf(error: unknown): ExistingDocument | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const found = error.errors.find((e) => e.extensions?.code === DUPLICATE_CODE);
  const ext = found?.extensions;
  if (!ext || typeof ext.documentId !== 'string') return null;
  return {
    documentId: ext.documentId,
    title: typeof ext.title === 'string' ? ext.title : 'another document',
    sourceName: typeof ext.sourceName === 'string' ? ext.sourceName : '',
  };
}
