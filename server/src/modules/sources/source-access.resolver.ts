import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Resolver,
  Root,
} from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { UserType } from '../identity/identity.types.js';
import { SourceType } from './sources.types.js';
import { SourceAccessInput, SourceAccessType, type AccessView } from '../access/access.types.js';

interface Pending {
  sources: Map<string, SourceType>;
  views: Map<string, Promise<AccessView>>;
  batch: Map<string, { resolve: (v: AccessView) => void; reject: (e: unknown) => void }> | null;
}

/** One request's access views of the sources it returns (keyed by the request's context). */
const perRequest = new WeakMap<object, Pending>();

/**
 * A source's access view. Every source a response asks about in one turn of the event loop
 * (the rows of a sources list) is loaded in one batch: a few queries for the list, not per row.
 */
function viewOf(ctx: GraphQLContext, source: SourceType): Promise<AccessView> {
  let pending = perRequest.get(ctx);
  if (!pending)
    perRequest.set(ctx, (pending = { sources: new Map(), views: new Map(), batch: null }));
  const known = pending.views.get(source.id);
  if (known) return known;
  const state = pending;
  const view = new Promise<AccessView>((resolve, reject) => {
    if (!state.batch) {
      const batch = (state.batch = new Map());
      setImmediate(() => {
        state.batch = null;
        const entities = [...batch.keys()].map((id) => state.sources.get(id)!.entity);
        ctx.services.sourceAccess.views(ctx.viewer!, entities).then(
          (all) => batch.forEach((waiter, id) => waiter.resolve(all.get(id)!)),
          (error: unknown) => batch.forEach((waiter) => waiter.reject(error)),
        );
      });
    }
    state.batch.set(source.id, { resolve, reject });
  });
  pending.sources.set(source.id, source);
  pending.views.set(source.id, view);
  return view;
}

@Resolver(() => SourceType)
export class SourceAccessResolver {
  @FieldResolver(() => SourceAccessType, {
    description:
      'Who reads the source’s documents: everyone, or its owner and chosen people and groups.',
  })
  async access(@Root() source: SourceType, @Ctx() ctx: GraphQLContext): Promise<SourceAccessType> {
    return (await viewOf(ctx, source)).access;
  }

  @FieldResolver(() => UserType, {
    nullable: true,
    description:
      'Who created the source: they always read it and may change its access (null once they left).',
  })
  async owner(@Root() source: SourceType, @Ctx() ctx: GraphQLContext): Promise<UserType | null> {
    const { owner } = await viewOf(ctx, source);
    return owner ? UserType.from(owner) : null;
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the caller may change the source’s access (its owner or an admin).',
  })
  async canManageAccess(@Root() source: SourceType, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return (await viewOf(ctx, source)).canManage;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Why the tool’s permissions could not be read last time, for the owner and admins (null for others, and when the last read worked).',
  })
  async permissionsError(
    @Root() source: SourceType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string | null> {
    return (await viewOf(ctx, source)).canManage ? source.entity.permissionsError : null;
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether, the connecting account being unable to read the tool’s permissions (permissionsState degraded), each member’s access is asked of the tool with their own linked account (linked with read access: LinkedAccount.checksAccess). False otherwise.',
  })
  permissionsFromMembers(@Root() source: SourceType): boolean {
    return source.entity.accessMode === 'mirror' && source.entity.permissionsByMember;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description:
      'For the owner and admins of a source that mirrors its tool’s permissions: documents no linked member may read yet (as of the last read); null for others.',
  })
  async unmatchedDocumentCount(
    @Root() source: SourceType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number | null> {
    return (await viewOf(ctx, source)).canManage ? source.entity.permissionsUnmatched : null;
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether the caller may read the source’s documents (an admin manages sources they may not read: its documents are then not listed).',
  })
  async readable(@Root() source: SourceType, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return (await viewOf(ctx, source)).readable;
  }

  @Authorized()
  @Mutation(() => SourceType, {
    description:
      'Replaces who reads a source (its owner or an admin; others FORBIDDEN, and a source the caller cannot see NOT_FOUND). Takes effect on the next request.',
  })
  async setSourceAccess(
    @Arg('sourceId', () => ID) sourceId: string,
    @Arg('input', () => SourceAccessInput) input: SourceAccessInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SourceType> {
    const source = await ctx.services.sourceAccess.set(ctx.viewer!, sourceId, input);
    const counts = await ctx.services.sources.countsOf(ctx.viewer!.workspaceId, [source.id]);
    return SourceType.from(source, counts.get(source.id));
  }
}
