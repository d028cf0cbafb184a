import { Field, ID, ObjectType } from 'type-graphql';
import { PageInfo } from '../../graphql/page-info.js';
import type { AuditEvent } from './audit-event.entity.js';

@ObjectType('AuditActor', { description: 'The person who acted (kept after they are removed).' })
export class AuditActorType {
  @Field(() => ID, { nullable: true })
  id: string | null;

  @Field(() => String, { nullable: true })
  email: string | null;
}

@ObjectType('AuditTarget', { description: 'What the action was done to.' })
export class AuditTargetType {
  @Field(() => String, { description: 'e.g. user, invitation, api_key, source, bot, document.' })
  type: string;

  @Field(() => ID)
  id: string;

  @Field(() => String, { nullable: true, description: 'Its name or address at the time.' })
  label: string | null;
}

@ObjectType('AuditEvent')
export class AuditEventType {
  @Field(() => ID)
  id: string;

  @Field(() => Date)
  at: Date;

  @Field(() => String, { description: 'e.g. member.roles_changed (see auditActions).' })
  action: string;

  @Field(() => AuditActorType, { nullable: true })
  actor: AuditActorType | null;

  @Field(() => ID, { nullable: true, description: 'Set when the person acted through an API key.' })
  apiKeyId: string | null;

  @Field(() => AuditTargetType, { nullable: true })
  target: AuditTargetType | null;

  @Field(() => String, { nullable: true })
  ip: string | null;

  @Field(() => String, { nullable: true })
  userAgent: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'What else the event records, as JSON: an access change’s before and after ({ mode, memberIds, groupIds }), a group’s added and removed member ids.',
  })
  details: string | null;

  static from(e: AuditEvent): AuditEventType {
    return Object.assign(new AuditEventType(), {
      id: e.id,
      at: e.at,
      action: e.action,
      actor: e.actorId || e.actorEmail ? { id: e.actorId, email: e.actorEmail } : null,
      apiKeyId: e.apiKeyId,
      target:
        e.targetType && e.targetId
          ? { type: e.targetType, id: e.targetId, label: e.targetLabel }
          : null,
      ip: e.ip,
      userAgent: e.userAgent,
      details: e.details ? JSON.stringify(e.details) : null,
    });
  }
}

@ObjectType({ description: 'Audit events, newest first, a page at a time.' })
export class AuditEventConnection {
  @Field(() => [AuditEventType])
  nodes: AuditEventType[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;
}
