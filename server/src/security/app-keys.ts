import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Keys derived from the one application secret, each for a single purpose. */
export interface AppKeys {
  jwt: Buffer;
  secrets: Buffer;
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

export function deriveKeys(secret: string): AppKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'lumen', purpose, 32));
  return {
    jwt: derive('jwt'),
    secrets: derive('secrets-at-rest'),
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
