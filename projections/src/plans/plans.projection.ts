import type { PlanEvent } from '@fpa/write-model';
import { projectorOf } from '../engine/typed.ts';

/** The subscription plans (the platform's catalogue): the super admin's cards and the companies' plan cards. */
export const plansProjection = projectorOf<PlanEvent>()({
  name: 'plans',
  version: 1,
  handles: ['PlanCreated', 'PlanUpdated', 'PlanDeleted'],
  tables: ['plans'],
  async init(tx) {
    await tx.exec(`
      create table if not exists plans (
        id uuid primary key,
        name text not null,
        tier text not null,
        member_limit integer not null,
        monthly_price numeric(12, 2) not null,
        features jsonb not null,
        description text,
        sort_order integer not null,
        is_active boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index if not exists plans_tier on plans (tier);
    `);
  },
  async apply(tx, event) {
    switch (event.type) {
      case 'PlanCreated':
      case 'PlanUpdated': {
        const d = event.data;
        await tx.query(
          `insert into plans (id, name, tier, member_limit, monthly_price, features, description, sort_order, is_active, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9, $10, $10)
           on conflict (id) do update set name = excluded.name, tier = excluded.tier, member_limit = excluded.member_limit,
             monthly_price = excluded.monthly_price, features = excluded.features, description = excluded.description,
             sort_order = excluded.sort_order, is_active = excluded.is_active, updated_at = excluded.updated_at`,
          [
            d.planId,
            d.name,
            d.tier,
            d.memberLimit,
            d.monthlyPrice,
            JSON.stringify(d.features),
            d.description,
            d.sortOrder,
            d.isActive,
            event.recordedAt,
          ],
        );
        return;
      }
      case 'PlanDeleted':
        await tx.query(`delete from plans where id = $1`, [event.data.planId]);
        return;
    }
  },
});
