import type { RecordedEvent } from '@fpa/write-model/event-store';
import type { Projector } from '../engine/types.ts';

/** Companies (tenants) with their subscription tier and limit. */
export const companiesProjection: Projector = {
  name: 'companies',
  // 2: member_count left for portfolio_stats, which the member events keep current.
  version: 2,
  handles: ['CompanyRegistered'],
  tables: ['companies'],
  async init(tx) {
    await tx.exec(`
      create table if not exists companies (
        id uuid primary key,
        name text not null,
        email text not null,
        cip_number text not null,
        phone text not null,
        fsp_number text,
        address text,
        city text,
        province text,
        postal_code text,
        is_active boolean not null default true,
        tier text not null,
        member_limit integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
    `);
  },
  async apply(tx, event: RecordedEvent) {
    if (event.type === 'CompanyRegistered') {
      const d = event.data as Record<string, string | number | null>;
      await tx.query(
        `insert into companies (id, name, email, cip_number, phone, fsp_number, tier, member_limit, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) on conflict (id) do nothing`,
        [d.companyId, d.name, d.email, d.cipNumber, d.phone, d.fspNumber, d.tier, d.memberLimit, event.recordedAt],
      );
    }
  },
};
