import type { EventStore } from '../../event-store/types.ts';
import type { SqlClient } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice, type CommandDeps, type CommandRequest } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { checkoutSchema, decimalToCents } from '../../validation/index.ts';
import { findPlanOffer, lockTier } from '../../plans/plan-offers.ts';
import { COMPANY_NOT_FOUND } from '../companies.decider.ts';
import { companyStreamId } from '../companies.events.ts';
import { evolveCompany, initialCompanyState } from '../companies.state.ts';
import { insertCheckout, type Checkout } from '../subscription-checkouts.ts';
import { readQuota } from '../../members/member-quota.ts';
import { alreadyOnPlan, ENTERPRISE_CONTACT_SALES, memberLimitRank, tierOf } from '../tiers.ts';

export const SMALLER_PLAN_REFUSED = 'Moving to a smaller plan is arranged with our sales team; it cannot be done online.';

export function planNotOffered(name: string): string {
  return `The ${name} is not offered at the moment.`;
}

export type StartedCheckout = Pick<Checkout, 'id' | 'companyId' | 'tier' | 'amount' | 'provider'> & {
  companyName: string;
  planName: string;
};

/**
 * POST /api/subscription/create-checkout: a pending checkout of a plan bought online, to be paid at
 * `provider`. The price and the member limit are the tier's plan's as the catalogue says now (read
 * under the tier's lock, so the plan cannot be deleted in between). A smaller plan is one that allows
 * fewer members than the company's limit now (plans are data: a new tier ranks by its limit). Nothing
 * about the company changes here; only the provider's verified notification does.
 */
export async function startSubscriptionCheckout(
  store: EventStore,
  sql: SqlClient,
  input: unknown,
  ctx: CommandContext,
  provider: string,
): Promise<StartedCheckout> {
  const companyId = requireCompany(ctx);
  const { tier: tierId } = parseInput(checkoutSchema, input);
  const tier = tierOf(tierId);
  if (tier.contactSales || !tier.checkout) throw new DomainError('RULE_VIOLATED', ENTERPRISE_CONTACT_SALES);
  const { state } = await loadState(store, companyStreamId(companyId), { initialState: initialCompanyState, evolve: evolveCompany });
  if (state.status === 'none') throw new NotFoundError(COMPANY_NOT_FOUND);
  return sql.transaction(async (tx) => {
    await lockTier(tx, tier.id);
    const offer = await findPlanOffer(tx, tier.id);
    const planName = offer?.name ?? tier.name;
    if (state.tier === tier.id) throw new DomainError('RULE_VIOLATED', alreadyOnPlan({ ...tier, name: planName }));
    if (!offer || !offer.isActive || decimalToCents(offer.monthlyPrice) <= 0n)
      throw new DomainError('RULE_VIOLATED', planNotOffered(planName));
    const { limit } = await readQuota(tx, companyId);
    if (memberLimitRank(offer.memberLimit) < memberLimitRank(limit)) throw new DomainError('RULE_VIOLATED', SMALLER_PLAN_REFUSED);
    const checkout = {
      id: ctx.newId(),
      companyId,
      tier: tier.id,
      amount: offer.monthlyPrice,
      memberLimit: offer.memberLimit,
      provider,
      requestedBy: ctx.actor.userId,
    };
    await insertCheckout(tx, checkout);
    return { ...checkout, companyName: state.name, planName };
  });
}

export const NOT_CONFIGURED = 'Online payment is not set up on this server yet. Please contact support to upgrade your plan.';

/** Refused before the input is read while the server has no payment provider. */
async function startCheckout({ store, sql, paymentProvider }: CommandDeps, { input }: CommandRequest, ctx: CommandContext) {
  if (!paymentProvider) throw new DomainError('RULE_VIOLATED', NOT_CONFIGURED);
  const checkout = await startSubscriptionCheckout(store, sql, input, ctx, paymentProvider);
  return { ...checkout, append: null };
}

/** The checkout answers with the provider's page to pay it on; nothing is appended until the payment is notified. */
export const createSubscriptionCheckoutSlice = commandSlice({
  name: 'createSubscriptionCheckout',
  operation: 'subscription:manage',
  input: () => checkoutSchema,
  handle: startCheckout,
});

/** PUT /api/subscription/upgrade (spec §7): a paid plan is never granted without payment, so it starts the same checkout. */
export const upgradeSubscriptionSlice = commandSlice({
  name: 'upgradeSubscription',
  operation: 'subscription:manage',
  input: () => checkoutSchema,
  handle: startCheckout,
});
