import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A value the whole deployment shares, set once by the first instance that needs it. */
@Entity({ name: 'server_settings' })
export class ServerSetting {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
