import type { AppendResult, EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { decimalToCents, isDecimalString } from '../../validation/index.ts';
import { activeCompany } from '../companies.decider.ts';
import { companyStreamId, type CompanyEvent } from '../companies.events.ts';
import { evolveCompany, initialCompanyState, type CompanyState } from '../companies.state.ts';
import { tierOf } from '../tiers.ts';
import { setMemberLimit } from '../../members/member-quota.ts';
import { findCheckout, settleCheckout } from '../subscription-checkouts.ts';
import { lockTier } from '../../plans/plan-offers.ts';

export const UNKNOWN_CHECKOUT = 'The notification names no checkout of this payment provider.';
export const AMOUNT_MISMATCH = 'The notified amount does not match the checkout.';

/** What a payment provider's notification says, once its adapter has verified the signature. */
export type PaymentNotification = {
  checkoutId: string;
  provider: string;
  providerPaymentId: string;
  status: 'complete' | 'failed' | 'cancelled';
  amount: string;
};

export type Settled = { changed: boolean; companyId: string; append: AppendResult | null };

class AlreadySettled extends Error {}

/**
 * A verified provider notification for a checkout: checked against the pending checkout (provider and
 * amount), then recorded on the company's stream; the checkout row, the tier and the member quota
 * move in the same transaction. A replay (the same provider payment id, or a checkout already
 * settled) changes nothing and answers changed: false.
 */
export async function settleSubscriptionPayment(
  store: EventStore,
  sql: SqlExecutor,
  notification: PaymentNotification,
  ctx: CommandContext,
): Promise<Settled> {
  const checkout = await findCheckout(sql, notification.checkoutId);
  if (!checkout || checkout.provider !== notification.provider) throw new ValidationError(UNKNOWN_CHECKOUT);
  if (!isDecimalString(notification.amount) || decimalToCents(notification.amount) !== decimalToCents(checkout.amount)) {
    throw new ValidationError(AMOUNT_MISMATCH);
  }
  const { companyId } = checkout;
  const unchanged: Settled = { changed: false, companyId, append: null };
  if (checkout.status !== 'pending') return unchanged;
  if (notification.status === 'cancelled') {
    return { ...unchanged, changed: await settleCheckout(sql, checkout.id, 'cancelled', notification.providerPaymentId) };
  }
  const outcome = notification.status;
  const command = {
    ...ctx,
    actor: { userId: null, role: null, companyId },
    // The provider's payment id is the idempotency key: a replayed notification appends nothing.
    commandId: `subscription-payment:${notification.provider}:${notification.providerPaymentId}`,
  };
  try {
    return await withConflictRetry(async () => {
      const streamId = companyStreamId(companyId);
      const { state, version } = await loadState(store, streamId, { initialState: initialCompanyState, evolve: evolveCompany });
      const events = decideSettleSubscriptionPayment(
        {
          paymentId: checkout.id,
          provider: checkout.provider,
          providerPaymentId: notification.providerPaymentId,
          tier: checkout.tier,
          amount: checkout.amount,
          memberLimit: checkout.memberLimit,
          outcome,
        },
        state,
        command,
      );
      if (events.length === 0) return unchanged;
      const append = await store.append(
        [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }],
        appendOptions(command, async (tx) => {
          // Ordered against the tier's plan being deleted, which cancels the tier's stale checkouts.
          await lockTier(tx, checkout.tier);
          const settled = await settleCheckout(tx, checkout.id, outcome === 'complete' ? 'paid' : 'failed', notification.providerPaymentId);
          if (!settled) throw new AlreadySettled();
          for (const event of events) {
            if (event.type === 'SubscriptionTierChanged') await setMemberLimit(tx, companyId, event.data.memberLimit, event.data.toTier);
          }
        }),
      );
      return { changed: !append.duplicate, companyId, append };
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return unchanged;
    throw error;
  }
}

export type SettleSubscriptionPayment = {
  /** The checkout's id. */
  paymentId: string;
  provider: string;
  providerPaymentId: string;
  tier: string;
  amount: string;
  /** The member limit the checkout sold (the tier's plan when it was started); null: the tier's built-in limit. */
  memberLimit: number | null;
  outcome: 'complete' | 'failed';
};

/**
 * A verified notification of a checkout's payment. A completed payment is recorded for the billing
 * history and moves the company to the tier it paid for (with that tier's member limit); a failed one
 * is recorded and changes nothing else. A checkout already settled records nothing again.
 */
export function decideSettleSubscriptionPayment(
  command: SettleSubscriptionPayment,
  state: CompanyState,
  ctx: CommandContext,
): CompanyEvent[] {
  const company = activeCompany(state);
  if (company.settledPayments.has(command.paymentId)) return [];
  const at = ctx.now.toISOString();
  const payment = {
    companyId: company.companyId,
    paymentId: command.paymentId,
    provider: command.provider,
    providerPaymentId: command.providerPaymentId,
    tier: command.tier,
    amount: command.amount,
  };
  if (command.outcome === 'failed') return [{ type: 'SubscriptionPaymentFailed', data: { ...payment, failedAt: at } }];
  const tier = tierOf(command.tier);
  if (!tier.checkout) throw new DomainError('RULE_VIOLATED', `The ${tier.name} cannot be bought online.`);
  const events: CompanyEvent[] = [{ type: 'SubscriptionPaymentReceived', data: { ...payment, paidAt: at } }];
  if (company.tier !== tier.id) {
    events.push({
      type: 'SubscriptionTierChanged',
      data: {
        companyId: company.companyId,
        fromTier: company.tier,
        toTier: tier.id,
        memberLimit: command.memberLimit ?? tier.memberLimit,
        paymentId: command.paymentId,
        changedAt: at,
      },
    });
  }
  return events;
}
