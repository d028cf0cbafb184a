import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The key secrets are sealed with, or a ring of keys during a rotation: the current one first
 * (sealing uses it), then earlier ones that still open what they sealed until it is re-sealed.
 */
export type SecretKeys = Buffer | readonly Buffer[];

const ringOf = (keys: SecretKeys): readonly Buffer[] => (Buffer.isBuffer(keys) ? [keys] : keys);

/**
 * AES-256-GCM for secrets at rest (provider keys, connector passwords). The output is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. `context` (e.g. the owner's id) is bound as
 * additional authenticated data, so a ciphertext copied to another row does not decrypt.
 */
export function sealSecret(keys: SecretKeys, plaintext: string, context: string): string {
  const key = ringOf(keys)[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens with the first key of the ring that authenticates the value. */
export function openSecret(keys: SecretKeys, sealed: string, context: string): string {
  const ring = ringOf(keys);
  for (let i = 0; ; i++) {
    try {
      return openWith(ring[i], sealed, context);
    } catch (error) {
      if (i >= ring.length - 1) throw error;
    }
  }
}

/** Whether the current key (the first) opens the value: false means it needs re-sealing. */
export function sealedWithCurrent(keys: SecretKeys, sealed: string, context: string): boolean {
  try {
    openWith(ringOf(keys)[0], sealed, context);
    return true;
  } catch {
    return false;
  }
}

function openWith(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new Error('Unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** How a secret is shown back to its owner: never the value, only enough to recognise it. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '…';
  return `${value.slice(0, 3)}…${value.slice(-4)}`;
}
