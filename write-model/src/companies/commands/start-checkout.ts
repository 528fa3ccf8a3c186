import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { checkoutSchema } from '../../validation/index.ts';
import { COMPANY_NOT_FOUND } from '../companies.decider.ts';
import { companyStreamId } from '../companies.events.ts';
import { evolveCompany, initialCompanyState } from '../companies.state.ts';
import { insertCheckout, type Checkout } from '../subscription-checkouts.ts';
import { alreadyOnPlan, ENTERPRISE_CONTACT_SALES, TIERS, tierOf } from '../tiers.ts';

export const SMALLER_PLAN_REFUSED = 'Moving to a smaller plan is arranged with our sales team; it cannot be done online.';

const rank = (tier: string) => TIERS.findIndex((t) => t.id === tier);

export type StartedCheckout = Pick<Checkout, 'id' | 'companyId' | 'tier' | 'amount' | 'provider'> & {
  companyName: string;
  planName: string;
};

/**
 * POST /api/subscription/create-checkout: a pending checkout of a plan bought online, to be paid at
 * `provider`. Nothing about the company changes here; only the provider's verified notification does.
 */
export async function startSubscriptionCheckout(
  store: EventStore,
  sql: SqlExecutor,
  input: unknown,
  ctx: CommandContext,
  provider: string,
): Promise<StartedCheckout> {
  const companyId = requireCompany(ctx);
  const { tier: tierId } = parseInput(checkoutSchema, input);
  const tier = tierOf(tierId);
  if (tier.contactSales || !tier.checkout || tier.monthlyPrice === null) throw new DomainError('RULE_VIOLATED', ENTERPRISE_CONTACT_SALES);
  const { state } = await loadState(store, companyStreamId(companyId), { initialState: initialCompanyState, evolve: evolveCompany });
  if (state.status === 'none') throw new NotFoundError(COMPANY_NOT_FOUND);
  if (state.tier === tier.id) throw new DomainError('RULE_VIOLATED', alreadyOnPlan(tier));
  if (rank(state.tier) > rank(tier.id)) throw new DomainError('RULE_VIOLATED', SMALLER_PLAN_REFUSED);
  const checkout = { id: ctx.newId(), companyId, tier: tier.id, amount: tier.monthlyPrice, provider, requestedBy: ctx.actor.userId };
  await insertCheckout(sql, checkout);
  return { ...checkout, companyName: state.name, planName: tier.name };
}
