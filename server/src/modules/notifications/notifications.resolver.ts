import {
  Arg,
  Authorized,
  Ctx,
  Field,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Notification } from './notification.entity.js';

@ObjectType('Notification', { description: 'A notice for the signed-in member (the bell).' })
export class NotificationType {
  @Field(() => ID)
  id: string;

  @Field(() => String, {
    description:
      'sync_finished, sync_failed, needs_reauth, invitation_accepted, member_joined, file_failed or answer_down.',
  })
  kind: string;

  @Field(() => String)
  title: string;

  @Field(() => String)
  body: string;

  @Field(() => String, { nullable: true, description: 'Where in the app it leads (a path).' })
  link: string | null;

  @Field(() => Boolean)
  read: boolean;

  @Field(() => Date)
  createdAt: Date;

  static from(n: Notification): NotificationType {
    return Object.assign(new NotificationType(), {
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: n.readAt !== null,
      createdAt: n.createdAt,
    });
  }
}

/** The caller's own notices. */
@Resolver()
export class NotificationsResolver {
  @Authorized()
  @Query(() => [NotificationType], { description: 'Your latest notices, newest first.' })
  async notifications(
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<NotificationType[]> {
    return (await ctx.services.notifications.list(ctx.viewer!, first)).map(NotificationType.from);
  }

  @Authorized()
  @Query(() => Int, { description: 'How many of your notices are unread (the bell’s dot).' })
  unreadNotificationCount(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.notifications.unreadCount(ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Marks one of your notices read.' })
  markNotificationRead(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.notifications.markRead(ctx.viewer!, id);
  }

  @Authorized()
  @Mutation(() => Int, {
    description: 'Marks all your notices read; answers how many were unread.',
  })
  markAllNotificationsRead(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.notifications.markAllRead(ctx.viewer!);
  }
}
