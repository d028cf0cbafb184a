import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One counter per limited key (security/rate-limiter.ts): failed sign-ins per account and per
 * address, questions per person or key, SSO and SCIM requests… Shared by every app instance.
 */
@Entity({ name: 'rate_limits' })
export class RateLimitEntry {
  /** `<limit>:<who>`: `account:<email>`, `address:<ip>`, `ask:<user id>`, `scim:<token id>`… */
  @PrimaryColumn({ type: 'text' })
  key: string;

  /** Counted events in the current window (failures, or requests). */
  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ type: 'timestamptz', name: 'window_started_at' })
  windowStartedAt: Date;

  @Column({ type: 'timestamptz', name: 'locked_until', nullable: true })
  lockedUntil: Date | null;
}
