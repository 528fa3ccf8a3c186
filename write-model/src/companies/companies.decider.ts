import { NotFoundError } from '../errors.ts';
import type { CommandContext } from '../command-handling/context.ts';
import type { CompanySettingsInput } from '../validation/index.ts';
import type { CompanyEvent } from './companies.events.ts';
import type { CompanyDetails, CompanyState } from './companies.state.ts';

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
