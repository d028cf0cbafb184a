import type { Config } from './config.js';
import type { Services } from './services.js';

/**
 * The periodic tasks, each a singleton on the job queue (jobs/schedule.ts): run once per
 * interval across every instance, retried on failure, logged when they did something.
 */
export async function scheduleMaintenance(services: Services, config: Config): Promise<void> {
  const everyMs = config.maintenanceIntervalSeconds * 1000;
  const tasks: [string, () => Promise<unknown>][] = [
    // Connected sources whose next sync was lost (a crash between steps) get one again.
    ['connectors.heal-syncs', () => services.connectorSync.heal()],
    ['connectors.heal-permission-syncs', () => services.permissionSync.heal()],
    // Upload URLs never confirmed: the row and the bytes go.
    ['uploads.prune-expired', () => services.uploads.pruneExpired()],
    ['audit.prune', () => services.auditLog.prune(config.auditRetentionDays)],
    ['conversations.prune', () => services.conversations.prune()],
    ['slack.prune-deliveries', () => services.slack.prune()],
    ['sources.fold-counts', () => services.sources.compactCounts()],
    ['rate-limits.prune', () => services.limits.prune()],
  ];
  for (const [name, run] of tasks) await services.schedule.add({ name, everyMs, run });
  await services.schedule.start();
}
