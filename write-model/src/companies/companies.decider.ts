import { DomainError, NotFoundError } from '../errors.ts';
import type { CommandContext } from '../command-handling/context.ts';
import type { CompanySettingsInput } from '../validation/index.ts';
import type { CompanyEvent } from './companies.events.ts';
import type { CompanyDetails, CompanyState } from './companies.state.ts';
import { tierOf } from './tiers.ts';

export const COMPANY_NOT_FOUND = 'Company not found';

/** The company's state once registered, or COMPANY_NOT_FOUND. */
export function activeCompany(state: CompanyState) {
  if (state.status === 'none') throw new NotFoundError(COMPANY_NOT_FOUND);
  return state;
}

/** The section as the event carries it: blank optionals are null. */
export function companyDetailsOf(input: CompanySettingsInput): CompanyDetails {
  return {
    name: input.name,
    cipNumber: input.cipNumber,
    address: input.address ?? null,
    city: input.city ?? null,
    province: input.province ?? null,
    postalCode: input.postalCode ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
  };
}

/** Settings → company information. Saving what is already stored records nothing. */
export function decideUpdateCompanyDetails(input: CompanySettingsInput, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
  const company = activeCompany(state);
  const details = companyDetailsOf(input);
  const unchanged = (Object.keys(details) as (keyof CompanyDetails)[]).every((key) => details[key] === company.details[key]);
  if (unchanged) return [];
  return [{ type: 'CompanyDetailsUpdated', data: { companyId: company.companyId, ...details, updatedAt: ctx.now.toISOString() } }];
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
export function decideSettleSubscriptionPayment(command: SettleSubscriptionPayment, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
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
      data: { companyId: company.companyId, fromTier: company.tier, toTier: tier.id, memberLimit: command.memberLimit ?? tier.memberLimit, paymentId: command.paymentId, changedAt: at },
    });
  }
  return events;
}
