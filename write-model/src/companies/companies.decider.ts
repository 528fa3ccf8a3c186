import { NotFoundError } from '../errors.ts';
import type { CompanyState } from './companies.state.ts';

export const COMPANY_NOT_FOUND = 'Company not found';

/** The company's state once registered, or COMPANY_NOT_FOUND. */
export function activeCompany(state: CompanyState) {
  if (state.status === 'none') throw new NotFoundError(COMPANY_NOT_FOUND);
  return state;
}
