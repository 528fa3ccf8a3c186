import { unknownEvent } from '../command-handling/decider.ts';
import type { CompanyEvent } from './companies.events.ts';

export type CompanyDetails = {
  name: string;
  cipNumber: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
};

export type CompanyState =
  | { status: 'none' }
  | {
      status: 'active' | 'suspended';
      companyId: string;
      name: string;
      tier: string;
      memberLimit: number;
      details: CompanyDetails;
      /** Checkout ids whose payment has been recorded (received or failed). */
      settledPayments: ReadonlySet<string>;
    };

export const initialCompanyState: CompanyState = { status: 'none' };

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'CompanyRegistered': {
      const d = event.data;
      return {
        status: 'active',
        companyId: d.companyId,
        name: d.name,
        tier: d.tier,
        memberLimit: d.memberLimit,
        details: {
          name: d.name,
          cipNumber: d.cipNumber,
          address: null,
          city: null,
          province: null,
          postalCode: null,
          phone: d.phone,
          email: d.email,
        },
        settledPayments: new Set(),
      };
    }
    case 'CompanyDetailsUpdated': {
      if (state.status === 'none') return state;
      const { companyId: _id, updatedAt: _at, ...details } = event.data;
      return { ...state, name: details.name, details };
    }
    case 'SubscriptionPaymentReceived':
    case 'SubscriptionPaymentFailed':
      if (state.status === 'none') return state;
      return { ...state, settledPayments: new Set([...state.settledPayments, event.data.paymentId]) };
    case 'SubscriptionTierChanged':
      if (state.status === 'none') return state;
      return { ...state, tier: event.data.toTier, memberLimit: event.data.memberLimit };
    case 'CompanySuspended':
      return state.status === 'none' ? state : { ...state, status: 'suspended' };
    case 'CompanyActivated':
      return state.status === 'none' ? state : { ...state, status: 'active' };
    default:
      return unknownEvent(event, state);
  }
}
