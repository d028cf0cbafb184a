import type { DataSource } from 'typeorm';
import { randomToken } from '../../security/app-keys.js';
import { forbidden, notFound } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { can } from '../policies/index.js';
import type { ProviderKeysService } from '../provider-keys/provider-keys.service.js';
import { Bot } from './bot.entity.js';
import { checkBotFields } from './bot-rules.js';

/** What a bot's log and page say in place of what the viewer may not read. */
export const WITHHELD = {
  source: 'A source you cannot open',
  document: 'A document you cannot open',
  answer: 'This answer cites documents you cannot open.',
};

/** Lists follow the 'bot.view' policy: an admin sees every bot. */
const isAdmin = (viewer: Viewer) => viewer.user.roles.includes('admin');

/**
 * Bots: who may see and change them (private: owner and admins; public: the workspace and,
 * through the share link, anyone; policies 'bot.view' and 'bot.manage'), making, changing and
 * deleting them and their share link. Their sources are bot-sources.service.ts, asking them and
 * their log bot-answers.service.ts, their report bot-reports.service.ts.
 */
export class BotsService {
  constructor(
    private readonly db: DataSource,
    private readonly keys: ProviderKeysService,
    private readonly audit: AuditLog,
  ) {}

  /** The bots the viewer can see, newest first. */
  list(viewer: Viewer): Promise<Bot[]> {
    const qb = this.db
      .getRepository(Bot)
      .createQueryBuilder('b')
      .where('b.workspace_id = :ws', { ws: viewer.workspaceId })
      .orderBy('b.created_at', 'DESC');
    if (!isAdmin(viewer)) {
      qb.andWhere("(b.privacy = 'public' OR b.owner_id = :me)", { me: viewer.userId });
    }
    return qb.getMany();
  }

  /** A bot the viewer can see; anything else is NOT_FOUND (existence is not revealed). */
  async get(viewer: Viewer, id: string): Promise<Bot> {
    assertId(id);
    const bot = await this.db.getRepository(Bot).findOneBy({ id, workspaceId: viewer.workspaceId });
    if (!bot || !can(viewer, 'bot.view', bot)) {
      throw notFound('This bot does not exist or is private.');
    }
    return bot;
  }

  /** The state of the key the bot answers on (its owner's; null: the owner has none). */
  providerStatus(bot: Pick<Bot, 'ownerId'>) {
    return this.keys.statusOf(bot.ownerId);
  }

  canManage(viewer: Viewer, bot: Bot): boolean {
    return can(viewer, 'bot.manage', bot);
  }

  /** A bot the viewer may change (FORBIDDEN otherwise; NOT_FOUND when they cannot see it). */
  async managed(viewer: Viewer, id: string): Promise<Bot> {
    const bot = await this.get(viewer, id);
    if (!this.canManage(viewer, bot))
      throw forbidden('Only the bot’s owner or an admin can change it.');
    return bot;
  }

  async create(viewer: Viewer, input: Record<string, unknown>): Promise<Bot> {
    requireCurrentPermission(viewer, 'bot.write');
    const fields = checkBotFields(input);
    const bot = await this.db.getRepository(Bot).save({
      ...fields,
      workspaceId: viewer.workspaceId,
      ownerId: viewer.userId,
      shareToken: randomToken(18),
    });
    await this.audit.record(viewer, 'bot.created', botTarget(bot));
    if (bot.privacy === 'public')
      await this.audit.record(viewer, 'bot.made_public', botTarget(bot));
    return bot;
  }

  async update(viewer: Viewer, id: string, input: Record<string, unknown>): Promise<Bot> {
    const bot = await this.managed(viewer, id);
    const wasPublic = bot.privacy === 'public';
    Object.assign(bot, checkBotFields(input, true));
    const saved = await this.db.getRepository(Bot).save(bot);
    if (wasPublic !== (saved.privacy === 'public'))
      await this.audit.record(
        viewer,
        saved.privacy === 'public' ? 'bot.made_public' : 'bot.made_private',
        botTarget(saved),
      );
    return saved;
  }

  /** A new share link: the old one stops answering at once. */
  async rotateShareLink(viewer: Viewer, id: string): Promise<Bot> {
    const bot = await this.managed(viewer, id);
    bot.shareToken = randomToken(18);
    const saved = await this.db.getRepository(Bot).save(bot);
    await this.audit.record(viewer, 'bot.share_link_rotated', botTarget(saved));
    return saved;
  }

  /** Turns the share link off (the bot stays public in the workspace) or back on. */
  async setShareLink(viewer: Viewer, id: string, enabled: boolean): Promise<Bot> {
    const bot = await this.managed(viewer, id);
    const changed = bot.shareEnabled !== enabled;
    bot.shareEnabled = enabled;
    const saved = await this.db.getRepository(Bot).save(bot);
    if (changed)
      await this.audit.record(
        viewer,
        enabled ? 'bot.share_link_enabled' : 'bot.share_link_disabled',
        botTarget(saved),
      );
    return saved;
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    const bot = await this.managed(viewer, id);
    await this.db.getRepository(Bot).delete(bot.id); // sources and logs cascade
    await this.audit.record(viewer, 'bot.deleted', botTarget(bot));
  }
}

function botTarget(bot: Bot) {
  return { type: 'bot', id: bot.id, label: bot.name };
}
