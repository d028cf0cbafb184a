import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import { sealSecret } from '../../security/secret-box.js';
import type { Viewer } from '../auth/viewer.js';
import { IntegrationSetting } from './provider-key.entity.js';

export interface IntegrationSettings {
  domain: string;
  username: string;
  /** Masked when a password is stored, '' otherwise: never the password itself. */
  password: string;
  spacekey: string;
}

const EMPTY: IntegrationSettings = { domain: '', username: '', password: '', spacekey: '' };
const context = (userId: string, name: string) => `integration:${userId}:${name}`;

/** SPEC §3 integration settings (domain, username, password, spacekey) per user and name. */
export class IntegrationSettingsService {
  constructor(
    private readonly db: DataSource,
    private readonly secretsKey: Buffer,
  ) {}

  async get(viewer: Viewer, rawName: string): Promise<IntegrationSettings> {
    const name = checkName(rawName);
    const row = await this.db
      .getRepository(IntegrationSetting)
      .findOneBy({ userId: viewer.userId, name });
    return row ? view(row) : { ...EMPTY };
  }

  /** Saves the fields; a password equal to the masked one shown (or empty) keeps the stored one. */
  async save(viewer: Viewer, rawName: string, input: Record<string, unknown>) {
    const name = checkName(rawName);
    const field = (key: keyof IntegrationSettings, max: number) => {
      const value = input[key];
      if (value === undefined || value === null) return '';
      if (typeof value !== 'string') throw badInput(`${key} must be text.`, { field: key });
      if (value.length > max)
        throw badInput(`${key} is too long (at most ${max} characters).`, { field: key });
      return value.trim();
    };
    const domain = field('domain', 255);
    const username = field('username', 255);
    const password = field('password', 1000);
    const spacekey = field('spacekey', 255);
    const repo = this.db.getRepository(IntegrationSetting);
    const existing = await repo.findOneBy({ userId: viewer.userId, name });
    const keep = existing && existing.sealedPassword && (!password || password === STORED_PASSWORD);
    const saved = await repo.save({
      ...(existing ?? {}),
      userId: viewer.userId,
      workspaceId: viewer.workspaceId,
      name,
      domain,
      username,
      spacekey,
      sealedPassword: keep
        ? existing.sealedPassword
        : password
          ? sealSecret(this.secretsKey, password, context(viewer.userId, name))
          : null,
    });
    return view(saved);
  }
}

function checkName(raw: string): string {
  const name = String(raw ?? '').toLowerCase();
  if (!/^[a-z0-9_-]{1,40}$/.test(name))
    throw badInput('Unknown integration name.', { field: 'name' });
  return name;
}

/** What a stored password reads as: a placeholder, never derived from the secret. */
export const STORED_PASSWORD = '••••••••';

function view(row: IntegrationSetting): IntegrationSettings {
  return {
    domain: row.domain,
    username: row.username,
    password: row.sealedPassword ? STORED_PASSWORD : '',
    spacekey: row.spacekey,
  };
}
