import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { AuditEventConnection, AuditEventType } from './audit.types.js';

@Resolver()
export class AuditResolver {
  @Authorized('user.write')
  @Query(() => AuditEventConnection, {
    description: "The workspace's audit log, newest first (admins with user.write).",
  })
  async auditEvents(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 200 (50).' })
    first?: number,
    @Arg('after', () => String, { nullable: true, description: 'The previous page’s endCursor.' })
    after?: string,
    @Arg('action', () => String, { nullable: true }) action?: string,
    @Arg('actorId', () => ID, { nullable: true }) actorId?: string,
  ): Promise<AuditEventConnection> {
    const page = await ctx.services.audit.events(ctx.viewer!, { first, after, action, actorId });
    return {
      nodes: page.nodes.map(AuditEventType.from),
      pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage },
    };
  }

  @Authorized('user.write')
  @Query(() => [String], { description: 'Every action the audit log records.' })
  auditActions(): string[] {
    return [...AUDIT_ACTIONS];
  }
}
