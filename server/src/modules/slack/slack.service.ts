import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { RetryLaterError } from '../../jobs/job-queue.js';
import { openSecret, sealSecret, type SecretKeys } from '../../security/secret-box.js';
import { isId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { Bot } from '../bots/bot.entity.js';
import {
  SlackRefusedError,
  SlackRevokedError,
  slackCall,
  slackClient,
  slackFailure,
} from './slack-client.js';
import {
  DEFAULT_CHANNEL,
  SlackChannel,
  SlackIntegration,
  type SlackMode,
} from './slack-integration.entity.js';
import { slackManifest } from './slack-manifest.js';
import { slackBotTokenContext, slackSigningSecretContext } from './slack-secrets.js';
import { SlackErrors } from './slack.errors.js';

const MODES: readonly SlackMode[] = ['MENTION', 'ALL', 'OFF'];
/** Slack ids are upper-case letters and digits (C…, G…, D…). */
const CHANNEL_ID = /^[A-Z0-9]{2,40}$/;
const SECRET_CHARS = 300;
/** The channel picker reads at most this many pages of 200. */
const CHANNEL_PAGES = 5;

export interface SlackChannelInfo {
  id: string;
  name: string;
  isPrivate: boolean;
}

/** A connected integration with what the events route and the answering job need. */
export interface ActiveIntegration extends SlackIntegration {
  signingSecret: () => string;
  botToken: () => string;
}

/**
 * The workspace's Slack app: connecting it (the token checked with auth.test), where it answers
 * (per channel, with a default for direct messages and unlisted channels), disconnecting it, and
 * marking it revoked when Slack stops accepting its token.
 */
export class SlackService {
  constructor(
    private readonly db: DataSource,
    private readonly secrets: SecretKeys,
    private readonly audit: AuditLog,
    private readonly logger: Logger,
    readonly settings: { apiUrl: string; publicUrl: string },
  ) {}

  /** The manifest an admin creates the Slack app from. */
  manifest(viewer: Viewer): string {
    requireCurrentPermission(viewer, 'user.write');
    return slackManifest(this.settings.publicUrl);
  }

  /** The workspace's integration (connected or revoked); null when there is none. */
  async integration(viewer: Viewer): Promise<SlackIntegration | null> {
    requireCurrentPermission(viewer, 'user.write');
    return this.db.getRepository(SlackIntegration).findOneBy({ workspaceId: viewer.workspaceId });
  }

  /** Its channel settings, the default ('*') first. */
  channels(integrationId: string): Promise<SlackChannel[]> {
    return this.db
      .getRepository(SlackChannel)
      .createQueryBuilder('c')
      .where('c.integration_id = :id', { id: integrationId })
      .orderBy(`c.channel_id = '${DEFAULT_CHANNEL}'`, 'DESC')
      .addOrderBy('c.created_at', 'ASC')
      .getMany();
  }

  /**
   * Checks the bot token with auth.test and stores it sealed with the signing secret. The same
   * Slack team connected again keeps its channel settings; another team starts afresh.
   */
  async connect(
    viewer: Viewer,
    input: { botToken: string; signingSecret: string },
  ): Promise<SlackIntegration> {
    requireCurrentPermission(viewer, 'user.write');
    const botToken = checkSecret('botToken', input.botToken, 'the bot token');
    const signingSecret = checkSecret('signingSecret', input.signingSecret, 'the signing secret');
    if (/^xox[pe]-|^xapp-/.test(botToken))
      throw SlackErrors.invalid(
        'botToken',
        'This is a user or app-level token: paste the Bot User OAuth Token (xoxb-…).',
      );
    let who: { team_id?: string; team?: string; user_id?: string; bot_id?: string };
    try {
      who = await slackCall(() => slackClient(this.settings.apiUrl, botToken).auth.test());
    } catch (error) {
      if (error instanceof SlackRevokedError || error instanceof SlackRefusedError)
        throw SlackErrors.refused(error instanceof SlackRevokedError ? error.reason : error.code);
      if (error instanceof RetryLaterError) throw SlackErrors.unreachable();
      this.logger.warn('Slack auth.test failed', { error });
      throw SlackErrors.unreachable();
    }
    if (!who.team_id || !who.user_id) throw SlackErrors.refused('no team or bot user');
    const teamId = who.team_id;
    const saved = await this.db.transaction(async (m) => {
      const taken = await m.query(
        `SELECT 1 FROM slack_integrations WHERE team_id = $1 AND status = 'CONNECTED' AND workspace_id <> $2`,
        [teamId, viewer.workspaceId],
      );
      if (taken.length > 0) throw SlackErrors.teamTaken(who.team ?? teamId);
      const repo = m.getRepository(SlackIntegration);
      const existing = await repo.findOneBy({ workspaceId: viewer.workspaceId });
      if (existing && existing.teamId !== teamId) await repo.delete(existing.id);
      const kept = existing?.teamId === teamId ? existing : null;
      const id = kept?.id ?? randomUUID();
      const fields = {
        teamId,
        teamName: who.team ?? teamId,
        botUserId: who.user_id!,
        botId: who.bot_id ?? null,
        sealedBotToken: sealSecret(this.secrets, botToken, slackBotTokenContext(id)),
        sealedSigningSecret: sealSecret(this.secrets, signingSecret, slackSigningSecretContext(id)),
        status: 'CONNECTED' as const,
        revokedReason: null,
        connectedAt: new Date(),
        connectedBy: viewer.userId,
      };
      if (kept) await repo.update(id, fields);
      else await repo.insert({ id, workspaceId: viewer.workspaceId, ...fields });
      await m.query(
        `INSERT INTO slack_channels (integration_id, channel_id, mode) VALUES ($1, $2, 'MENTION')
         ON CONFLICT (integration_id, channel_id) DO NOTHING`,
        [id, DEFAULT_CHANNEL],
      );
      return repo.findOneByOrFail({ id });
    });
    await this.audit.record(viewer, 'slack.connected', target(saved));
    return saved;
  }

  /** Sets where and how Lumen answers in a channel (or, for '*', by default). */
  async setChannel(
    viewer: Viewer,
    input: { channelId: string; botId?: string | null; mode: SlackMode },
  ): Promise<SlackIntegration> {
    const integration = await this.integration(viewer);
    if (!integration) throw SlackErrors.notConnected();
    const channelId = String(input.channelId ?? '').trim();
    if (channelId !== DEFAULT_CHANNEL && !CHANNEL_ID.test(channelId))
      throw SlackErrors.invalid(
        'channelId',
        'A channel id is Slack’s (C…, G…), or * for direct messages and unlisted channels.',
      );
    if (!MODES.includes(input.mode))
      throw SlackErrors.invalid('mode', 'Mode is MENTION, ALL or OFF.');
    const botId = input.botId ?? null;
    if (botId !== null) {
      const bot =
        isId(botId) &&
        (await this.db
          .getRepository(Bot)
          .findOneBy({ id: botId, workspaceId: viewer.workspaceId }));
      if (!bot) throw SlackErrors.invalid('botId', 'No such bot in this workspace.');
    }
    await this.db.query(
      `INSERT INTO slack_channels (integration_id, channel_id, bot_id, mode) VALUES ($1, $2, $3, $4)
       ON CONFLICT (integration_id, channel_id) DO UPDATE SET bot_id = excluded.bot_id, mode = excluded.mode`,
      [integration.id, channelId, botId, input.mode],
    );
    await this.audit.record(viewer, 'slack.channel_changed', {
      ...target(integration),
      details: { channelId, botId, mode: input.mode },
    });
    return integration;
  }

  /** Removes the integration with its secrets, settings and threads. */
  async disconnect(viewer: Viewer): Promise<boolean> {
    const integration = await this.integration(viewer);
    if (!integration) return true;
    await this.db.getRepository(SlackIntegration).delete(integration.id);
    await this.audit.record(viewer, 'slack.disconnected', target(integration));
    return true;
  }

  /** The channels the bot can see (public, and private ones it was added to), for the picker. */
  async listChannels(viewer: Viewer): Promise<SlackChannelInfo[]> {
    const integration = await this.integration(viewer);
    if (!integration || integration.status !== 'CONNECTED') throw SlackErrors.notConnected();
    const client = slackClient(this.settings.apiUrl, this.botToken(integration));
    const out: SlackChannelInfo[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < CHANNEL_PAGES; page++) {
        const res = await slackCall(() =>
          client.conversations.list({
            types: 'public_channel,private_channel',
            exclude_archived: true,
            limit: 200,
            cursor,
          }),
        );
        for (const c of res.channels ?? [])
          if (c.id) out.push({ id: c.id, name: c.name ?? c.id, isPrivate: Boolean(c.is_private) });
        cursor = res.response_metadata?.next_cursor || undefined;
        if (!cursor) break;
      }
    } catch (error) {
      const failure = slackFailure(error);
      if (failure instanceof SlackRevokedError) {
        await this.markRevoked(integration.id, failure.reason);
        throw SlackErrors.unavailable(failure.reason);
      }
      if (failure instanceof RetryLaterError)
        throw SlackErrors.tooManyRequests(Math.ceil(failure.delayMs / 1000));
      if (failure instanceof SlackRefusedError) throw SlackErrors.unavailable(failure.code);
      throw SlackErrors.unavailable('no answer');
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The connected integration of a Slack team (what a request from Slack is matched to). */
  async forTeam(teamId: string): Promise<ActiveIntegration | null> {
    const found = await this.db
      .getRepository(SlackIntegration)
      .findOneBy({ teamId, status: 'CONNECTED' });
    return found ? this.active(found) : null;
  }

  /** Every connected integration (a url_verification names no team). */
  async allConnected(): Promise<ActiveIntegration[]> {
    const rows = await this.db.getRepository(SlackIntegration).findBy({ status: 'CONNECTED' });
    return rows.map((r) => this.active(r));
  }

  async byId(id: string): Promise<ActiveIntegration | null> {
    const found = await this.db.getRepository(SlackIntegration).findOneBy({ id });
    return found ? this.active(found) : null;
  }

  /** The setting of a channel, or the default one. */
  async settingFor(integrationId: string, channelId: string): Promise<SlackChannel | null> {
    const rows = await this.db
      .getRepository(SlackChannel)
      .createQueryBuilder('c')
      .where('c.integration_id = :id AND c.channel_id IN (:...ids)', {
        id: integrationId,
        ids: [channelId, DEFAULT_CHANNEL],
      })
      .getMany();
    return rows.find((r) => r.channelId === channelId) ?? rows[0] ?? null;
  }

  /**
   * Slack stopped accepting the token (or the app was uninstalled): the integration is marked
   * revoked with the reason, once, and nothing more is posted until an admin connects again.
   */
  async markRevoked(integrationId: string, reason: string): Promise<void> {
    const rows: { workspace_id: string; id: string; team_name: string }[] = (await this.db.query(
      `WITH r AS (UPDATE slack_integrations SET status = 'REVOKED', revoked_reason = $2
                     WHERE id = $1 AND status = 'CONNECTED' RETURNING id, workspace_id, team_name)
         SELECT * FROM r`,
      [integrationId, reason.slice(0, 100)],
    )) as never;
    const row = rows[0];
    if (!row) return;
    this.logger.warn('Slack integration revoked', { integrationId, reason });
    await this.audit.record(
      { workspaceId: row.workspace_id, userId: null, email: null },
      'slack.revoked',
      { type: 'slack', id: row.id, label: row.team_name, details: { reason } },
    );
  }

  /** Deliveries older than a day are forgotten (Slack retries within minutes). */
  async prune(): Promise<number> {
    const [rows]: [unknown[], number] = await this.db.query(
      `DELETE FROM slack_events WHERE received_at < now() - interval '1 day' RETURNING event_id`,
    );
    return rows.length;
  }

  botToken(integration: SlackIntegration): string {
    return openSecret(
      this.secrets,
      integration.sealedBotToken,
      slackBotTokenContext(integration.id),
    );
  }

  private active(row: SlackIntegration): ActiveIntegration {
    return Object.assign(row, {
      signingSecret: () =>
        openSecret(this.secrets, row.sealedSigningSecret, slackSigningSecretContext(row.id)),
      botToken: () => this.botToken(row),
    });
  }
}

function checkSecret(field: string, value: unknown, name: string): string {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) throw SlackErrors.invalid(field, `Paste ${name}.`);
  if (v.length > SECRET_CHARS || /\s/.test(v))
    throw SlackErrors.invalid(field, `This does not look like ${name}.`);
  return v;
}

function target(integration: SlackIntegration) {
  return { type: 'slack', id: integration.id, label: integration.teamName };
}
