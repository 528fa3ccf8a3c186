import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../command-handling/context.ts';
import { scenario } from '../../command-handling/given-when-then.ts';
import type {
  NonPaymentNoticeIssued,
  PolicyEvent,
  PolicyIssued,
  PolicyLapsed,
  PolicyReinstated,
  PolicyStatusChanged,
} from '../policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../policies.state.ts';
import {
  CALENDAR_POLICY_NOT_FOUND,
  calendarCommandId,
  decideCalendarStep,
  LAPSE_BEFORE_GRACE_ENDS,
  LAPSE_NEEDS_ACTIVE,
  LAPSE_NEEDS_EARLIER_NOTICE,
  NOTICE_NEEDS_ACTIVE,
  noticeChannel,
  noticeText,
  REINSTATE_NEEDS_LAPSED,
  REINSTATE_NEEDS_NON_PAYMENT,
  REINSTATE_OTHER_LAPSE,
  type IssueNonPaymentNotice,
  type LapseForNonPayment,
  type ReinstateForPayment,
} from './calendar-steps.ts';

const ctx: CommandContext = {
  now: new Date('2026-11-02T00:00:00Z'),
  newId: () => 'id-1',
  actor: { userId: null, role: null, companyId: 'c1' },
  commandId: 'run-1',
};
const policy = scenario(
  { initialState: initialPolicyState, evolve: evolvePolicy },
  (command: Parameters<typeof decideCalendarStep>[0], state) => decideCalendarStep(command, state),
  ctx,
);

const issued: PolicyIssued = {
  type: 'PolicyIssued',
  data: {
    policyId: 'p-1',
    companyId: 'c1',
    policyNumber: 'POL-2026-000001',
    memberId: 'm-1',
    policyTypeId: 'pt-1',
    coverageAmount: '20000',
    monthlyPremium: '120',
    waitingPeriod: 6,
    startDate: '2026-10-01',
    agentId: null,
    debitDay: 1,
  },
};
const missedNov = { period: '2026-11', dueDate: '2026-11-01', unpaid: '120' };

const notice: IssueNonPaymentNotice = {
  step: 'notice',
  policyId: 'p-1',
  companyId: 'c1',
  day: '2026-11-02',
  missed: [missedNov],
  arrears: '120',
  graceEndsOn: '2026-11-16',
  contact: { phone: '0821234567', email: 'thandi@example.co.za' },
  companyName: 'Ubuntu Funeral Cover',
};
const noticed: NonPaymentNoticeIssued = {
  type: 'NonPaymentNoticeIssued',
  data: {
    policyId: 'p-1',
    companyId: 'c1',
    policyNumber: 'POL-2026-000001',
    issuedOn: '2026-11-02',
    missed: [missedNov],
    arrears: '120',
    graceEndsOn: '2026-11-16',
    channel: 'sms',
    to: '0821234567',
    text:
      'Ubuntu Funeral Cover: we have not received your premium for November 2026 on funeral policy POL-2026-000001. ' +
      'You owe R120.00. Your cover stays in force until 16 November 2026; if the amount is not paid by then, your cover ends on that date.',
  },
};
const lapse: LapseForNonPayment = {
  step: 'lapse',
  policyId: 'p-1',
  companyId: 'c1',
  day: '2026-11-17',
  period: '2026-11',
  dueDate: '2026-11-01',
  graceDays: 15,
  missed: 1,
  arrears: '120',
};
const lapsed: PolicyLapsed = {
  type: 'PolicyLapsed',
  data: {
    policyId: 'p-1',
    companyId: 'c1',
    lapsedOn: '2026-11-17',
    reason: 'non_payment',
    period: '2026-11',
    graceEndedOn: '2026-11-16',
    graceDays: 15,
    missed: 1,
    arrears: '120',
  },
};
const reinstate: ReinstateForPayment = { step: 'reinstate', policyId: 'p-1', companyId: 'c1', day: '2026-12-03', lapsedOn: '2026-11-17' };
const reinstated: PolicyReinstated = {
  type: 'PolicyReinstated',
  data: { policyId: 'p-1', companyId: 'c1', reinstatedOn: '2026-12-03', lapsedOn: '2026-11-17', reason: 'arrears_paid', note: null },
};
const status = (from: PolicyStatusChanged['data']['from'], to: PolicyStatusChanged['data']['to']): PolicyStatusChanged => ({
  type: 'PolicyStatusChanged',
  data: { policyId: 'p-1', companyId: 'c1', from, to, note: 'by staff' },
});

describe('the non-payment notice (rule 15A)', () => {
  it('tells an active policy of its missed premium by SMS, in plain words', () => {
    policy.given([issued]).when(notice).then([noticed]);
  });

  it('tells only of the premiums not told of before, and nothing when all were', () => {
    const dec = { period: '2026-12', dueDate: '2026-12-01', unpaid: '120' };
    const both = { ...notice, day: '2026-12-02', missed: [missedNov, dec], arrears: '240' };
    const [event] = policy.given([issued, noticed]).when(both).decided() as NonPaymentNoticeIssued[];
    expect(event!.data.missed).toEqual([dec]);
    policy.given([issued, noticed]).when(notice).then([]);
  });

  it('goes by e-mail without a phone, and by post without either (an erased contact counts as none)', () => {
    expect(noticeChannel({ phone: null, email: 'a@b.co.za' })).toEqual({ channel: 'email', to: 'a@b.co.za' });
    expect(noticeChannel({ phone: '  ', email: null })).toEqual({ channel: 'post', to: null });
    expect(noticeChannel({ phone: '[erased]', email: '[erased]' })).toEqual({ channel: 'post', to: null });
  });

  it('names several months, the whole amount and the last day of cover', () => {
    const text = noticeText({
      companyName: 'Ubuntu',
      policyNumber: 'POL-1',
      arrears: '240.5',
      graceEndsOn: '2027-01-16',
      missed: [missedNov, { period: '2026-12', dueDate: '2026-12-01', unpaid: '120.5' }],
    });
    expect(text).toBe(
      'Ubuntu: we have not received your premiums for November 2026 and December 2026 on funeral policy POL-1. You owe R240.50. ' +
        'Your cover stays in force until 16 January 2027; if the amount is not paid by then, your cover ends on that date.',
    );
  });

  it('is refused for a policy that is not active, and for another company or an unknown policy', () => {
    policy
      .given([issued, status('active', 'cancelled')])
      .when(notice)
      .thenThrows('INVALID_TRANSITION', NOTICE_NEEDS_ACTIVE);
    policy.given([]).when(notice).thenThrows('NOT_FOUND', CALENDAR_POLICY_NOT_FOUND);
    policy
      .given([issued])
      .when({ ...notice, companyId: 'c2' })
      .thenThrows('NOT_FOUND', CALENDAR_POLICY_NOT_FOUND);
  });
});

describe('the lapse for non-payment', () => {
  it('lapses an active policy when the grace of a premium noticed on an earlier day has ended', () => {
    policy.given([issued, noticed]).when(lapse).then([lapsed]);
  });

  it('is refused without a notice, or with a notice of the same day', () => {
    policy.given([issued]).when(lapse).thenThrows('RULE_VIOLATED', LAPSE_NEEDS_EARLIER_NOTICE);
    const sameDay = { ...noticed, data: { ...noticed.data, issuedOn: '2026-11-17' } };
    policy.given([issued, sameDay]).when(lapse).thenThrows('RULE_VIOLATED', LAPSE_NEEDS_EARLIER_NOTICE);
  });

  it('is refused before the grace has ended; grace is never below 15 days, and runs from the day before a late notice', () => {
    policy
      .given([issued, noticed])
      .when({ ...lapse, day: '2026-11-16' })
      .thenThrows('RULE_VIOLATED', LAPSE_BEFORE_GRACE_ENDS);
    policy
      .given([issued, noticed])
      .when({ ...lapse, graceDays: 5 })
      .then([lapsed]);
    policy
      .given([issued, noticed])
      .when({ ...lapse, graceDays: 5, day: '2026-11-10' })
      .thenThrows('RULE_VIOLATED', LAPSE_BEFORE_GRACE_ENDS);
    const late = { ...noticed, data: { ...noticed.data, issuedOn: '2026-11-10' } };
    policy.given([issued, late]).when(lapse).thenThrows('RULE_VIOLATED', LAPSE_BEFORE_GRACE_ENDS);
  });

  it('decides nothing when this lapse is already written, and refuses a policy not active', () => {
    policy.given([issued, noticed, lapsed]).when(lapse).then([]);
    policy
      .given([issued, noticed, lapsed])
      .when({ ...lapse, day: '2026-11-18' })
      .thenThrows('INVALID_TRANSITION', LAPSE_NEEDS_ACTIVE);
    policy
      .given([issued, noticed, status('active', 'cancelled')])
      .when(lapse)
      .thenThrows('INVALID_TRANSITION', LAPSE_NEEDS_ACTIVE);
  });
});

describe('the reinstatement for payment (rule 2A.9)', () => {
  it('reinstates a policy lapsed for non-payment', () => {
    policy.given([issued, noticed, lapsed]).when(reinstate).then([reinstated]);
  });

  it('is refused for an active policy, a lapse set by staff, and another lapse', () => {
    policy.given([issued]).when(reinstate).thenThrows('INVALID_TRANSITION', REINSTATE_NEEDS_LAPSED);
    policy.given([issued, noticed, lapsed, reinstated]).when(reinstate).thenThrows('INVALID_TRANSITION', REINSTATE_NEEDS_LAPSED);
    policy
      .given([issued, status('active', 'lapsed')])
      .when(reinstate)
      .thenThrows('RULE_VIOLATED', REINSTATE_NEEDS_NON_PAYMENT);
    policy
      .given([issued, noticed, lapsed])
      .when({ ...reinstate, lapsedOn: '2026-11-20' })
      .thenThrows('RULE_VIOLATED', REINSTATE_OTHER_LAPSE);
  });
});

describe('the command ids', () => {
  it('derive from company, policy, activations, step and period or lapse day', () => {
    expect(calendarCommandId(notice, 0)).toBe('calendar:c1:p-1:0:notice:2026-11');
    expect(calendarCommandId({ ...notice, day: '2026-11-03' }, 0)).toBe(calendarCommandId(notice, 0));
    expect(calendarCommandId(lapse, 0)).toBe('calendar:c1:p-1:0:lapse:2026-11');
    expect(calendarCommandId(lapse, 1)).not.toBe(calendarCommandId(lapse, 0));
    expect(calendarCommandId(reinstate, 0)).toBe('calendar:c1:p-1:0:reinstate:2026-11-17');
  });

  it('a reinstated policy starts its calendar afresh: a new notice of the same period is a new step', () => {
    const history: PolicyEvent[] = [issued, noticed, lapsed, reinstated];
    const [event] = policy
      .given(history)
      .when({ ...notice, day: '2026-12-04' })
      .decided() as NonPaymentNoticeIssued[];
    expect(event!.type).toBe('NonPaymentNoticeIssued');
  });
});
