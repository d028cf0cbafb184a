import type { DataSource } from 'typeorm';
import type { NotificationsService } from '../notifications/notifications.service.js';

/** The bell a sync rings: its source's owner and the workspace's admins hear of it. */
export type SyncNotifications = Pick<NotificationsService, 'notify' | 'sourceWatchers'>;

/** Its owner and the admins hear of a sync that brought new or changed items (not of idle ones). */
export async function tellSynced(
  db: DataSource,
  notifications: SyncNotifications | undefined,
  sourceId: string,
) {
  if (!notifications) return;
  const [row]: { name: string; indexed: number; failed: number }[] = await db.query(
    `SELECT name, items_indexed AS indexed, items_failed AS failed FROM sources WHERE id = $1`,
    [sourceId],
  );
  if (!row || (row.indexed === 0 && row.failed === 0)) return;
  const watchers = await notifications.sourceWatchers(sourceId);
  const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);
  await notifications.notify({
    ...watchers,
    kind: 'sync_finished',
    title: `${row.name} synced`,
    body: [
      row.indexed > 0 ? `${items(row.indexed)} new or changed` : '',
      row.failed > 0 ? `${items(row.failed)} could not be read` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    link: '/app/connectors',
    key: `source:${sourceId}:synced`,
  });
}

/** Its owner and the admins hear that a sync stopped, and why. */
export async function tellFailed(
  db: DataSource,
  notifications: SyncNotifications | undefined,
  sourceId: string,
  reauth: boolean,
  message: string,
) {
  if (!notifications) return;
  const [row]: { name: string }[] = await db.query(`SELECT name FROM sources WHERE id = $1`, [
    sourceId,
  ]);
  if (!row) return;
  await notifications.notify({
    ...(await notifications.sourceWatchers(sourceId)),
    kind: reauth ? 'needs_reauth' : 'sync_failed',
    title: reauth ? `Connect ${row.name} again` : `${row.name} could not sync`,
    body: message,
    link: '/app/connectors',
    key: `source:${sourceId}:${reauth ? 'reauth' : 'failed'}`,
  });
}
