import { authorizedFetch } from '../auth/authorized-fetch';
import { getToken } from '../auth/session-store';
import { NETWORK_ERROR_MESSAGE } from '../../shared/graphql-errors';

export const fileUrl = (documentId: string) =>
  `/api/documents/${encodeURIComponent(documentId)}/file`;

/**
 * Downloads an uploaded document's original file. A plain link cannot carry the bearer token,
 * so it is fetched with the token (renewed once on a 401, as the Apollo link does) and the blob
 * saved under the document's name. The file passes through memory, which the upload limit
 * bounds; a signed URL would have streamed it, at the cost of a credential in a URL.
 */
export async function downloadOriginal(documentId: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await authorizedFetch(fileUrl(documentId));
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 401 && !getToken())
    throw new Error('Your session has expired. Sign in again to download the file.');
  if (!response.ok) throw new Error(await refusal(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function refusal(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: a proxy's page
  }
  return `The download failed (HTTP ${response.status}). Try again.`;
}
