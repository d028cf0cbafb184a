import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-in counters per account and per client address, shared by every app instance. */
@Entity({ name: 'auth_throttle' })
export class AuthThrottle {
  /** `account:<email>` or `address:<ip>` */
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ type: 'timestamptz', name: 'window_started_at' })
  windowStartedAt: Date;

  @Column({ type: 'timestamptz', name: 'locked_until', nullable: true })
  lockedUntil: Date | null;
}
