import { expect } from 'vitest';

/**
 * Uploads a file through the REST flow people's scripts use (ticket, PUT, confirm), as the
 * member whose token is given; answers the new document's id. Each step must succeed.
 */
export async function uploadThroughApi(
  baseUrl: string,
  token: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<string> {
  const call = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const ticketRes = await call('/api/integrations/get-upload-url', {
    fileName: file.name,
    fileType: file.type,
    metadata: { uploadedAt: new Date().toISOString() },
  });
  expect(ticketRes.status).toBe(200);
  const ticket = (await ticketRes.json()) as { uploadUrl: string; fileKey: string };
  const put = await fetch(new URL(ticket.uploadUrl, baseUrl), {
    method: 'PUT',
    body: new Uint8Array(file.bytes),
    headers: { 'Content-Type': file.type },
  });
  expect(put.ok).toBe(true);
  const confirm = await call('/api/integrations/confirm-upload', {
    fileKey: ticket.fileKey,
    fileName: file.name,
    fileSize: file.bytes.length,
    fileType: file.type,
  });
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  const { documentId } = (await confirm.json()) as { documentId: string };
  expect(documentId).toBeTruthy();
  return documentId;
}
