import type { ConnectorContext } from '../connector.js';
import { ConnectorAuthError, ConnectorConfigError } from '../tool-failures.js';
import type { MemberAccessReader } from '../permissions/permission-reader.js';
import type { JiraSettings } from './jira-connector.js';

/**
 * Jira Cloud, asked with a member's own token which issues they may open.
 * `POST /rest/api/3/issue/bulkfetch` returns only the issues the caller may browse (Browse
 * projects, and the issue's security level when it has one); one it leaves out, or names in
 * `issueErrors`, is not readable. Cost per member: one request per 100 issues.
 * The member's token needs read:jira-work.
 * Not `search/jql` with `id in (…)`: JQL validates the ids it names, so one deleted or hidden
 * issue can fail a whole query instead of being left out of it.
 */

interface BulkAnswer {
  issues?: { id?: string | number }[];
}

/** Issues per bulk fetch (Jira's maximum). */
const BATCH = 100;

export const jiraMemberAccess: MemberAccessReader<JiraSettings> = {
  async readableItems(ctx, externalIds) {
    const wanted = new Set(externalIds);
    const ids = [...wanted].flatMap((e) => /^issue:(\d+)$/.exec(e)?.slice(1) ?? []);
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
    const readable = new Set<string>();
    await Promise.all(
      batches.map(async (batch) => {
        for (const issue of await fetchVisible(ctx, batch)) {
          const externalId = `issue:${issue.id}`;
          if (wanted.has(externalId)) readable.add(externalId);
        }
      }),
    );
    return readable;
  },
};

async function fetchVisible(
  ctx: ConnectorContext<JiraSettings>,
  ids: string[],
): Promise<NonNullable<BulkAnswer['issues']>> {
  try {
    const { body } = await ctx.http.post<BulkAnswer>(
      `${ctx.settings.apiBase}/rest/api/3/issue/bulkfetch`,
      // Only the ids are wanted: no field is asked for.
      { issueIdsOrKeys: ids, fields: ['id'] },
    );
    return body?.issues ?? [];
  } catch (error) {
    // A 403 on the endpoint itself is the token, not an issue: without its scope nothing works.
    if (error instanceof ConnectorConfigError)
      throw new ConnectorAuthError(
        'Jira refused to fetch issues for this member (HTTP 403). Their linked Atlassian account must grant Lumen the read:jira-work scope: ask them to link it again.',
      );
    throw error;
  }
}
