import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../../shared/logger.js';
import type { Viewer } from '../identity/viewer.js';
import { Notification } from './notification.entity.js';

export interface NewNotice {
  workspaceId: string;
  userIds: readonly (string | null | undefined)[];
  kind: string;
  title: string;
  body?: string;
  link?: string | null;
  key?: string | null;
}

const TITLE_MAX = 200;
const BODY_MAX = 600;
/** Read notices older than this are dropped when new ones are written. */
const KEEP_READ_DAYS = 30;

/**
 * The bell: notices written where things happen (best effort: a notice that cannot be written
 * never fails the work it tells about), listed and marked read by their member only.
 */
export class NotificationsService {
  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
  ) {}

  /** Writes one notice per member (deduplicated; an unread one with the same key is renewed). */
  async notify(notice: NewNotice, m: EntityManager = this.db.manager): Promise<void> {
    const userIds = [...new Set(notice.userIds.filter((id): id is string => Boolean(id)))];
    if (userIds.length === 0) return;
    try {
      await m.query(
        `INSERT INTO notifications (workspace_id, user_id, kind, title, body, link, key)
         SELECT $1, u.id, $3, $4, $5, $6, $7 FROM users u
          WHERE u.id = ANY($2::uuid[]) AND u.workspace_id = $1 AND u.deactivated_at IS NULL
         ON CONFLICT (user_id, key) WHERE read_at IS NULL AND key IS NOT NULL
         DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, link = EXCLUDED.link,
                       kind = EXCLUDED.kind, created_at = now()`,
        [
          notice.workspaceId,
          userIds,
          notice.kind,
          notice.title.slice(0, TITLE_MAX),
          (notice.body ?? '').slice(0, BODY_MAX),
          notice.link ?? null,
          notice.key ?? null,
        ],
      );
    } catch (error) {
      this.logger.warn('A notification could not be written', { kind: notice.kind, error });
    }
  }

  /** A source's owner and the workspace's admins: who hears about its syncs. */
  async sourceWatchers(sourceId: string): Promise<{ workspaceId: string; userIds: string[] }> {
    const rows: { workspace_id: string; id: string }[] = await this.db.query(
      `SELECT s.workspace_id, u.id FROM sources s
         JOIN users u ON u.workspace_id = s.workspace_id
        WHERE s.id = $1 AND (u.id = s.created_by_id OR 'admin' = ANY(u.roles))`,
      [sourceId],
    );
    return { workspaceId: rows[0]?.workspace_id ?? '', userIds: rows.map((r) => r.id) };
  }

  /** The workspace's admins (who hear that someone joined). */
  async admins(workspaceId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM users WHERE workspace_id = $1 AND 'admin' = ANY(roles) AND deactivated_at IS NULL`,
      [workspaceId],
    );
    return rows.map((r) => r.id);
  }

  async list(viewer: Viewer, first: number): Promise<Notification[]> {
    return this.db.getRepository(Notification).find({
      where: { userId: viewer.userId },
      order: { createdAt: 'DESC' },
      take: Math.min(Math.max(first, 1), 50),
    });
  }

  async unreadCount(viewer: Viewer): Promise<number> {
    const [row]: { n: number }[] = await this.db.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [viewer.userId],
    );
    return row?.n ?? 0;
  }

  async markRead(viewer: Viewer, id: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const [, count]: [unknown, number] = await this.db.query(
      `UPDATE notifications SET read_at = now() WHERE id = $1 AND user_id = $2 AND read_at IS NULL`,
      [id, viewer.userId],
    );
    return count > 0;
  }

  async markAllRead(viewer: Viewer): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(
      `UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`,
      [viewer.userId],
    );
    await this.db.query(
      `DELETE FROM notifications WHERE user_id = $1 AND read_at < now() - make_interval(days => $2)`,
      [viewer.userId, KEEP_READ_DAYS],
    );
    return count;
  }
}
