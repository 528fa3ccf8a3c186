import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { companiesOnTier } from '../members/member-quota.ts';
import type { PlanEvent } from './plans.events.ts';
import type { PlanCatalogue } from './plans.state.ts';

/*
 * What each tier is sold for, as the plan catalogue now says: write-side state kept in the catalogue's
 * append transactions (like the member quota), read by the checkout and by registration. A tier
 * change of a plan, or its deletion, releases the tier only when no company is on it and no payment
 * for it is in progress; an advisory lock per tier orders that against a checkout being started.
 */

export type PlanOffer = { tier: string; planId: string; name: string; monthlyPrice: string; memberLimit: number; isActive: boolean };

/** A checkout younger than this may still be paid: the tier cannot be released meanwhile. */
export const PAYMENT_IN_PROGRESS_HOURS = 24;

export async function migratePlanOffers(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    create table if not exists plan_offers (
      tier text primary key,
      plan_id uuid not null,
      name text not null,
      monthly_price text not null,
      member_limit integer not null,
      is_active boolean not null
    );
  `);
}

export async function findPlanOffer(sql: SqlExecutor, tier: string): Promise<PlanOffer | null> {
  const rows = await sql.query<PlanOffer>(
    `select tier, plan_id as "planId", name, monthly_price as "monthlyPrice", member_limit as "memberLimit", is_active as "isActive"
       from plan_offers where tier = $1`,
    [tier],
  );
  return rows[0] ?? null;
}

/** Serializes, per tier, releasing it (plan deleted or moved) and starting a checkout of it. */
export async function lockTier(tx: SqlExecutor, tier: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`plan-tier:${tier}`]);
}

export function planInUse(action: 'deleted' | 'moved to another tier', companies: number): string {
  const who = companies === 1 ? '1 company is' : `${companies} companies are`;
  return `This plan cannot be ${action} while companies are subscribed to it: ${who} on the plan's tier.`;
}

export function paymentInProgress(action: 'deleted' | 'moved to another tier'): string {
  return `This plan cannot be ${action} while a payment for it is in progress. Please try again later.`;
}

async function releaseTier(tx: SqlExecutor, tier: string, action: 'deleted' | 'moved to another tier'): Promise<void> {
  await lockTier(tx, tier);
  const companies = await companiesOnTier(tx, tier);
  if (companies > 0) throw new DomainError('IN_USE', planInUse(action, companies));
  const [pending] = await tx.query<{ count: number }>(
    `select count(*)::int as count from subscription_checkouts
      where tier = $1 and status = 'pending' and created_at > now() - make_interval(hours => $2)`,
    [tier, PAYMENT_IN_PROGRESS_HOURS],
  );
  if ((pending?.count ?? 0) > 0) throw new DomainError('IN_USE', paymentInProgress(action));
  // Abandoned checkouts of the tier can no longer be paid: a late notification changes nothing.
  await tx.query(`update subscription_checkouts set status = 'cancelled', settled_at = now() where tier = $1 and status = 'pending'`, [
    tier,
  ]);
  await tx.query(`delete from plan_offers where tier = $1`, [tier]);
}

async function offer(tx: SqlExecutor, plan: PlanOffer): Promise<void> {
  await tx.query(
    `insert into plan_offers (tier, plan_id, name, monthly_price, member_limit, is_active) values ($1, $2, $3, $4, $5, $6)
     on conflict (tier) do update set plan_id = excluded.plan_id, name = excluded.name, monthly_price = excluded.monthly_price,
       member_limit = excluded.member_limit, is_active = excluded.is_active`,
    [plan.tier, plan.planId, plan.name, plan.monthlyPrice, plan.memberLimit, plan.isActive],
  );
}

/** Inside the catalogue's append transaction: the offers follow the events, or the append rolls back. */
export async function recordPlanOffers(tx: SqlExecutor, events: readonly PlanEvent[], before: PlanCatalogue): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'PlanCreated':
        await offer(tx, event.data);
        break;
      case 'PlanUpdated': {
        const previousTier = before.plans.get(event.data.planId)?.tier;
        if (previousTier && previousTier !== event.data.tier) await releaseTier(tx, previousTier, 'moved to another tier');
        await offer(tx, event.data);
        break;
      }
      case 'PlanDeleted':
        await releaseTier(tx, event.data.tier, 'deleted');
        break;
    }
  }
}
