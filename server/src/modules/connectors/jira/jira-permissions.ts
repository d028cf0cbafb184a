import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';
import {
  PermissionsUnreadableError,
  type ItemAccess,
  type PermissionReader,
} from '../permissions/permission-reader.js';
import type { JiraSettings } from './jira-connector.js';

/**
 * Jira Cloud: an issue is readable by whoever holds Browse projects in its project's permission
 * scheme AND, when the issue has a security level, is among that level's holders. Project roles
 * and application roles (product access) become groups this reader names and expands itself:
 * `jira-role:<projectId>:<roleId>` and `jira-app:<applicationKey>` (`jira-app:*`: any product).
 * Reading schemes, roles and levels takes the Administer Jira global permission.
 */

type Ctx = ConnectorContext<JiraSettings>;

/** A permission holder as Jira writes it (permission schemes and security levels alike). */
interface Holder {
  type?: string;
  parameter?: string;
  value?: string;
  user?: { accountId?: string };
  group?: { groupId?: string };
  projectRole?: { id?: number | string };
}

interface Issue {
  externalId: string;
  projectId: string;
  levelId: string | null;
  reporter: string | null;
  assignee: string | null;
}

interface IssueAnswer {
  id: string;
  fields?: {
    project?: { id?: string };
    security?: { id?: string } | null;
    reporter?: { accountId?: string } | null;
    assignee?: { accountId?: string } | null;
  };
}

interface OffsetPage<T> {
  values?: T[];
  isLast?: boolean;
}

interface RoleAnswer {
  actors?: { actorUser?: { accountId?: string }; actorGroup?: { groupId?: string } }[];
}

interface ApplicationRoleAnswer {
  groupDetails?: { groupId?: string }[];
}

const ROLE_GROUP = 'jira-role:';
const APPLICATION_GROUP = 'jira-app:';
const ANY_APPLICATION = '*';
/** Issues per bulk fetch (Jira's maximum). */
const ISSUE_BATCH = 100;
/** Entries per page of group members and level members (Jira's maximum). */
const PAGE_SIZE = 50;
const HOLDER_EXPAND = 'expand=user,group,projectRole';

const ADMIN_NEEDED =
  'The connected account needs the Administer Jira global permission so Lumen can read who may browse each project.';

export const jiraPermissions: PermissionReader<JiraSettings> = {
  async itemAccess(ctx, externalIds) {
    const issues = await findIssues(ctx, externalIds);
    const reads = new Reads(ctx);
    const result = new Map<string, ItemAccess>();
    await Promise.all(
      issues.map(async (issue) => {
        const access = await reads.accessOf(issue);
        if (access) result.set(issue.externalId, access);
      }),
    );
    return result;
  },

  async groupMembers(ctx, groupIds) {
    const groups = new Groups(ctx);
    const result = new Map<string, string[]>();
    await Promise.all(
      [...new Set(groupIds)].map(async (id) => result.set(id, await groups.membersOf(id))),
    );
    return result;
  },
};

/** The issues that still exist and the facts their access depends on (a missing one is gone). */
async function findIssues(ctx: Ctx, externalIds: string[]): Promise<Issue[]> {
  const ids = [...new Set(externalIds.flatMap((e) => /^issue:(\d+)$/.exec(e)?.slice(1) ?? []))];
  const issues: Issue[] = [];
  for (let i = 0; i < ids.length; i += ISSUE_BATCH) {
    const { body } = await ctx.http.post<{ issues?: IssueAnswer[] }>(
      apiUrl(ctx, '/rest/api/3/issue/bulkfetch'),
      {
        issueIdsOrKeys: ids.slice(i, i + ISSUE_BATCH),
        fields: ['project', 'security', 'reporter', 'assignee'],
      },
    );
    for (const issue of body?.issues ?? []) {
      const f = issue.fields ?? {};
      if (!f.project?.id) continue;
      issues.push({
        externalId: `issue:${issue.id}`,
        projectId: String(f.project.id),
        levelId: f.security?.id ? String(f.security.id) : null,
        reporter: f.reporter?.accountId ?? null,
        assignee: f.assignee?.accountId ?? null,
      });
    }
  }
  return issues;
}

/** One call's reads, each made once however many issues share it (a project, a level). */
class Reads {
  private readonly browse = new Map<string, Promise<Holder[] | null>>();
  private readonly levels = new Map<string, Promise<Holder[]>>();
  private readonly leads = new Map<string, Promise<string | null>>();

  constructor(private readonly ctx: Ctx) {}

  /** Null when the project is gone: the issue is left out. */
  async accessOf(issue: Issue): Promise<ItemAccess | null> {
    const browse = await this.browseHolders(issue.projectId);
    if (!browse) return null;
    const access = [await this.clause(browse, issue)];
    if (issue.levelId !== null)
      access.push(await this.clause(await this.levelHolders(issue.levelId), issue));
    return access;
  }

  private async clause(holders: Holder[], issue: Issue): Promise<string[]> {
    const lead = holders.some((h) => h.type === 'projectLead')
      ? await this.lead(issue.projectId)
      : null;
    return [...new Set(holders.flatMap((h) => holderPrincipals(h, issue, lead)))];
  }

  private browseHolders(projectId: string): Promise<Holder[] | null> {
    return memo(this.browse, projectId, async () => {
      const { status, body } = await permissionsRead(
        this.ctx.http.get<{ permissions?: { permission?: string; holder?: Holder }[] }>(
          apiUrl(
            this.ctx,
            `/rest/api/3/project/${projectId}/permissionscheme?expand=permissions,user,group,projectRole`,
          ),
          { allowNotFound: true },
        ),
        `Jira did not let the connected account read the permission scheme of project ${projectId} (HTTP 403). ${ADMIN_NEEDED}`,
      );
      if (status === 404) return null;
      return (body?.permissions ?? [])
        .filter((p) => p.permission === 'BROWSE_PROJECTS' && p.holder)
        .map((p) => p.holder!);
    });
  }

  private levelHolders(levelId: string): Promise<Holder[]> {
    return memo(this.levels, levelId, async () => {
      const members = await offsetPages<{ holder?: Holder }>(
        this.ctx,
        `/rest/api/3/issuesecurityschemes/level/member?levelId=${encodeURIComponent(levelId)}&${HOLDER_EXPAND}`,
        `Jira did not let the connected account read the members of issue security level ${levelId} (HTTP 403). ${ADMIN_NEEDED}`,
      );
      // A level Jira no longer knows has no holders: its issues are readable by no one.
      return (members ?? []).flatMap((m) => (m.holder ? [m.holder] : []));
    });
  }

  private lead(projectId: string): Promise<string | null> {
    return memo(this.leads, projectId, async () => {
      const { body } = await this.ctx.http.get<{ lead?: { accountId?: string } }>(
        apiUrl(this.ctx, `/rest/api/3/project/${projectId}?expand=lead`),
        { allowNotFound: true },
      );
      return body?.lead?.accountId ?? null;
    });
  }
}

/**
 * The principals a holder stands for on this issue. `anyone` is Jira's "Anyone on the web", the
 * only public holder; holders read from custom fields (and any type not known here) grant no
 * one, which can only narrow access.
 */
function holderPrincipals(h: Holder, issue: Issue, lead: string | null): string[] {
  const person = (accountId: string | null | undefined) => (accountId ? [`user:${accountId}`] : []);
  switch (h.type) {
    case 'anyone':
      return ['everyone'];
    case 'group': {
      const id = h.group?.groupId ?? h.value;
      return id ? [`group:${id}`] : [];
    }
    case 'user':
      return person(h.user?.accountId ?? h.value ?? h.parameter);
    case 'projectRole': {
      const id = h.projectRole?.id ?? h.value ?? h.parameter;
      return id === undefined ? [] : [`group:${ROLE_GROUP}${issue.projectId}:${id}`];
    }
    case 'applicationRole':
      // Product access on the site: the role's groups, never everyone.
      return [`group:${APPLICATION_GROUP}${h.parameter ?? h.value ?? ANY_APPLICATION}`];
    case 'reporter':
      return person(issue.reporter);
    case 'assignee':
      return person(issue.assignee);
    case 'projectLead':
      return person(lead);
    default:
      return [];
  }
}

/** Group expansion for one call: each Atlassian group is listed once. */
class Groups {
  private readonly atlassian = new Map<string, Promise<string[]>>();

  constructor(private readonly ctx: Ctx) {}

  async membersOf(id: string): Promise<string[]> {
    let members: string[];
    if (id.startsWith(ROLE_GROUP)) members = await this.roleActors(id.slice(ROLE_GROUP.length));
    else if (id.startsWith(APPLICATION_GROUP))
      members = await this.applicationUsers(id.slice(APPLICATION_GROUP.length));
    else members = await this.groupUsers(id);
    return [...new Set(members)];
  }

  /** `<projectId>:<roleId>`: the role's user actors and the members of its group actors. */
  private async roleActors(ref: string): Promise<string[]> {
    const [projectId, roleId] = ref.split(':');
    if (!projectId || !roleId) return [];
    const { status, body } = await permissionsRead(
      this.ctx.http.get<RoleAnswer>(
        apiUrl(this.ctx, `/rest/api/3/project/${projectId}/role/${roleId}`),
        { allowNotFound: true },
      ),
      `Jira did not let the connected account read the actors of a project role in project ${projectId} (HTTP 403). ${ADMIN_NEEDED}`,
    );
    if (status === 404) return [];
    const actors = body?.actors ?? [];
    const users = actors.flatMap((a) =>
      a.actorUser?.accountId ? [`user:${a.actorUser.accountId}`] : [],
    );
    const groups = actors.flatMap((a) => (a.actorGroup?.groupId ? [a.actorGroup.groupId] : []));
    return [...users, ...(await this.usersOfGroups(groups))];
  }

  /** The users of the groups that give access to one product (`*`: any product). */
  private async applicationUsers(key: string): Promise<string[]> {
    const path =
      key === ANY_APPLICATION
        ? '/rest/api/3/applicationrole'
        : `/rest/api/3/applicationrole/${encodeURIComponent(key)}`;
    const { status, body } = await permissionsRead(
      this.ctx.http.get<ApplicationRoleAnswer | ApplicationRoleAnswer[]>(apiUrl(this.ctx, path), {
        allowNotFound: true,
      }),
      `Jira did not let the connected account read which groups give access to ${key === ANY_APPLICATION ? 'its products' : key} (HTTP 403). ${ADMIN_NEEDED}`,
    );
    if (status === 404) return [];
    const roles = Array.isArray(body) ? body : [body ?? {}];
    const groups = roles.flatMap((r) => (r.groupDetails ?? []).flatMap((g) => g.groupId ?? []));
    return this.usersOfGroups(groups);
  }

  private async usersOfGroups(groupIds: string[]): Promise<string[]> {
    return (await Promise.all(groupIds.map((g) => this.groupUsers(g)))).flat();
  }

  /** An Atlassian group's active users; a group Jira no longer knows has none. */
  private groupUsers(groupId: string): Promise<string[]> {
    return memo(this.atlassian, groupId, async () => {
      const users = await offsetPages<{ accountId?: string }>(
        this.ctx,
        `/rest/api/3/group/member?groupId=${encodeURIComponent(groupId)}&includeInactiveUsers=false`,
        `Jira did not let the connected account list the members of group ${groupId} (HTTP 403). It needs the Browse users and groups global permission (with OAuth the read:jira-user scope).`,
      );
      return (users ?? []).flatMap((u) => (u.accountId ? [`user:${u.accountId}`] : []));
    });
  }
}

/** Every value of a startAt/maxResults listing; null when it answers 404. */
async function offsetPages<T>(ctx: Ctx, path: string, forbidden: string): Promise<T[] | null> {
  const values: T[] = [];
  for (let startAt = 0; ;) {
    const { status, body } = await permissionsRead(
      ctx.http.get<OffsetPage<T>>(
        apiUrl(ctx, `${path}&startAt=${startAt}&maxResults=${PAGE_SIZE}`),
        { allowNotFound: true },
      ),
      forbidden,
    );
    if (status === 404) return null;
    const page = body?.values ?? [];
    values.push(...page);
    if (body?.isLast !== false || page.length === 0) return values;
    startAt += page.length;
  }
}

/** A 403 on a permission endpoint: the account may not read permissions, not a missing item. */
async function permissionsRead<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ConnectorConfigError) throw new PermissionsUnreadableError(message);
    throw error;
  }
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) cache.set(key, (found = read()));
  return found;
}

function apiUrl(ctx: Ctx, path: string): string {
  return ctx.settings.apiBase + path;
}
