import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Keys derived from the one application secret, each for a single purpose. */
export interface AppKeys {
  jwt: Buffer;
  /** Seals secrets at rest: the current key first, then keys of APP_SECRET_PREVIOUS. */
  secrets: readonly Buffer[];
  tokenHash: Buffer;
  storage: Buffer;
}

const SECRET_FILE = 'app-secret.key';

/**
 * APP_SECRET when given; otherwise a random secret generated once into DATA_DIR (mode 0600),
 * so a fresh install is secure without any set-up and tokens survive restarts.
 */
export function loadAppSecret(appSecret: string | undefined, dataDir: string): string {
  if (appSecret) return appSecret;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  fs.writeFileSync(file, generated + '\n', { mode: 0o600, flag: 'wx' });
  return generated;
}

/**
 * One key per purpose from the application secret. Previous secrets (a rotation in progress)
 * only open secrets at rest until they are re-sealed; sessions and upload URLs use the new one.
 */
export function deriveKeys(secret: string, previousSecrets: readonly string[] = []): AppKeys {
  const deriveFrom = (from: string, purpose: string) =>
    Buffer.from(hkdfSync('sha256', from, 'lumen', purpose, 32));
  const derive = (purpose: string) => deriveFrom(secret, purpose);
  return {
    jwt: derive('jwt'),
    secrets: [secret, ...previousSecrets].map((s) => deriveFrom(s, 'secrets-at-rest')),
    tokenHash: derive('token-hash'),
    storage: derive('storage-urls'),
  };
}

/** Opaque tokens (refresh tokens, codes, sessions) are stored only as a keyed hash. */
export function hashToken(key: Buffer, token: string): string {
  return createHash('sha256').update(key).update(token).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
