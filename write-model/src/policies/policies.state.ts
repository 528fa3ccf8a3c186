import { unknownEvent } from '../command-handling/decider.ts';
import type { PolicyStatus } from '../validation/index.ts';
import type { BenefitRow } from '../validation/index.ts';
import type { CoverIncrease, CoveredLife, PolicyEvent } from './policies.events.ts';

export type PolicyState =
  | { status: 'none' }
  | {
      status: PolicyStatus;
      policyId: string;
      companyId: string;
      memberId: string;
      policyNumber: string;
      policyTypeId: string;
      startDate: string;
      waitingPeriod: number;
      coverageAmount: string;
      monthlyPremium: string;
      debitDay: number;
      /** Missed premiums told of since the policy was last (re)activated, by period: the day told. */
      noticed: Readonly<Record<string, string>>;
      /** While lapsed: when, and whether for non-payment (the calendar's) or by staff. */
      lapse: { on: string; nonPayment: boolean } | null;
      /** How many times it was reinstated or set active again: the calendar's command ids include it. */
      activations: number;
      /** The debit-order mandate (issue #21), if one was set: its reference is reserved for the policy. */
      mandate: { reference: string; suspended: boolean } | null;
      /** Issue #22: the benefit table copied at issue (null: the type had none) and the lives priced from it. */
      benefits: BenefitRow[] | null;
      lives: CoveredLife[];
      /** Covers raised by a change of type, each waiting for the increase only (issue #22). */
      increases?: CoverIncrease[];
      /** Issue #22: the spouse who holds the policy since the main member died (their type continues with the spouse). */
      holderMemberId?: string;
      /** Issue #22: the suicide wait of the policy's own terms (issue or last change of type); absent: recorded before. */
      suicideWaitingMonths?: number;
    };

export const initialPolicyState: PolicyState = { status: 'none' };

export function evolvePolicy(state: PolicyState, event: PolicyEvent): PolicyState {
  switch (event.type) {
    case 'PolicyIssued': {
      const { policyId, companyId, memberId, policyNumber, policyTypeId, startDate, waitingPeriod, coverageAmount, monthlyPremium } =
        event.data;
      return {
        status: 'active',
        policyId,
        companyId,
        memberId,
        policyNumber,
        policyTypeId,
        startDate,
        waitingPeriod,
        coverageAmount,
        monthlyPremium,
        debitDay: event.data.debitDay ?? 1,
        noticed: {},
        lapse: null,
        activations: 0,
        mandate: null,
        benefits: event.data.benefits ?? null,
        lives: event.data.lives ?? [],
        ...(event.data.suicideWaitingMonths !== undefined ? { suicideWaitingMonths: event.data.suicideWaitingMonths } : {}),
      };
    }
    case 'PolicyStatusChanged': {
      if (state.status === 'none') return state;
      const { to } = event.data;
      if (to === 'active') return { ...state, status: to, noticed: {}, lapse: null, activations: state.activations + 1 };
      // A lapse set by staff: the calendar does not reinstate it by payment. Its day is unknown ('') in
      // events recorded before issue #20; the command reads it from the event's record time then.
      if (to === 'lapsed') return { ...state, status: to, lapse: { on: event.data.changedOn ?? '', nonPayment: false } };
      return { ...state, status: to, lapse: null };
    }
    case 'NonPaymentNoticeIssued': {
      if (state.status === 'none') return state;
      const noticed = { ...state.noticed };
      for (const m of event.data.missed) noticed[m.period] ??= event.data.issuedOn;
      return { ...state, noticed };
    }
    case 'PolicyLapsed':
      return state.status === 'none' ? state : { ...state, status: 'lapsed', lapse: { on: event.data.lapsedOn, nonPayment: true } };
    case 'PolicyReinstated':
      return state.status === 'none' ? state : { ...state, status: 'active', noticed: {}, lapse: null, activations: state.activations + 1 };
    case 'DebitMandateSet':
      return state.status === 'none' ? state : { ...state, mandate: { reference: event.data.mandateReference, suspended: false } };
    case 'DebitMandateSuspended':
      return state.status === 'none' || !state.mandate ? state : { ...state, mandate: { ...state.mandate, suspended: true } };
    // The beneficiaries decide nothing on the write side (each nomination is the whole set): no state.
    case 'BeneficiariesNominated':
      return state;
    case 'PolicyLifeAdded':
      return state.status === 'none'
        ? state
        : { ...state, lives: [...state.lives, event.data.life], monthlyPremium: event.data.monthlyPremium };
    case 'PolicyTypeChanged': {
      if (state.status === 'none') return state;
      const { suicideWaitingMonths: _previous, ...rest } = state;
      const d = event.data;
      return {
        ...rest,
        ...(d.suicideWaitingMonths !== undefined ? { suicideWaitingMonths: d.suicideWaitingMonths } : {}),
        policyTypeId: d.toPolicyTypeId,
        coverageAmount: d.coverageAmount,
        monthlyPremium: d.monthlyPremium,
        benefits: d.benefits,
        lives: d.lives,
        increases: [...(state.increases ?? []), ...d.increases],
      };
    }
    case 'PolicyHolderSucceeded':
      return state.status === 'none' ? state : { ...state, holderMemberId: event.data.toMemberId };
    case 'PolicyLifeRemoved':
      return state.status === 'none'
        ? state
        : { ...state, lives: state.lives.filter((l) => l.memberId !== event.data.memberId), monthlyPremium: event.data.monthlyPremium };
    default:
      return unknownEvent(event, state);
  }
}
