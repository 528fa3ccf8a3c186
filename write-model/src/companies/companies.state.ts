import { assertNever } from '../command-handling/decider.ts';
import type { CompanyEvent } from './companies.events.ts';

export type CompanyState =
  | { status: 'none' }
  | { status: 'active' | 'suspended'; companyId: string; name: string; tier: string; memberLimit: number };

export const initialCompanyState: CompanyState = { status: 'none' };

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'CompanyRegistered':
      return {
        status: 'active',
        companyId: event.data.companyId,
        name: event.data.name,
        tier: event.data.tier,
        memberLimit: event.data.memberLimit,
      };
    default:
      return assertNever(event.type);
  }
}
