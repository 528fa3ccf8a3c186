import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { fold } from '../command-handling/decider.ts';
import { deciderScenario } from '../command-handling/given-when-then.ts';
import { POLICY_STATUSES, POLICY_TRANSITIONS, transitionRefusal, type PolicyStatus } from '../validation/index.ts';
import { LAPSE_REASON_REQUIRED, POLICY_NOT_FOUND, policyDecider, type ChangePolicyStatus } from './commands/change-policy-status.ts';
import { decideReinstatement, REINSTATE_NEEDS_LAPSED } from './commands/calendar-steps.ts';
import type { PolicyEvent, PolicyIssued, PolicyLapsed, PolicyReinstated, PolicyStatusChanged } from './policies.events.ts';
import { evolvePolicy, initialPolicyState } from './policies.state.ts';

const ctx: CommandContext = {
  now: new Date('2026-03-31T23:30:00Z'),
  newId: () => 'id-1',
  actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd-1',
};

const issued: PolicyIssued = {
  type: 'PolicyIssued',
  data: {
    policyId: 'p-1',
    companyId: 'c1',
    policyNumber: 'POL-2026-000001',
    memberId: 'm-1',
    policyTypeId: 'pt-1',
    coverageAmount: '50000',
    monthlyPremium: '299',
    waitingPeriod: 6,
    startDate: '2026-04-01',
    agentId: null,
  },
};

/** ctx.now is 2026-03-31 23:30 UTC: 1 April in South Africa, the day every change below is made. */
const TODAY = '2026-04-01';

const changed = (from: PolicyStatus, to: PolicyStatus, note: string | null = null, changedOn = TODAY): PolicyStatusChanged => ({
  type: 'PolicyStatusChanged',
  data: { policyId: 'p-1', companyId: 'c1', from, to, note, changedOn },
});

const reinstatedByStaff = (note: string, lapsedOn = TODAY, reinstatedOn = TODAY): PolicyReinstated => ({
  type: 'PolicyReinstated',
  data: { policyId: 'p-1', companyId: 'c1', reinstatedOn, lapsedOn, reason: 'staff_decision', note },
});

/** The history that leaves the policy in `status`, through allowed transitions only. */
const historyTo: Record<PolicyStatus, PolicyEvent[]> = {
  active: [issued],
  lapsed: [issued, changed('active', 'lapsed')],
  cancelled: [issued, changed('active', 'cancelled')],
};

const change = (to: PolicyStatus, extra: Partial<ChangePolicyStatus> = {}): ChangePolicyStatus => ({
  type: 'ChangePolicyStatus',
  policyId: 'p-1',
  companyId: 'c1',
  to,
  note: null,
  memberDeleted: false,
  reinstatementMonths: 3,
  lapsedOn: null,
  ...extra,
});

const policies = deciderScenario(policyDecider, ctx);

describe('ChangePolicyStatus: the 3×3 transitions of spec part 1 §4', () => {
  const allowed: [PolicyStatus, PolicyStatus][] = [
    ['active', 'lapsed'],
    ['active', 'cancelled'],
    ['lapsed', 'active'],
    ['cancelled', 'active'],
  ];
  const refused: [PolicyStatus, PolicyStatus, string][] = [
    ['active', 'active', 'The policy is already active.'],
    ['lapsed', 'lapsed', 'The policy is already lapsed.'],
    ['cancelled', 'cancelled', 'The policy is already cancelled.'],
    ['lapsed', 'cancelled', 'A lapsed policy cannot be cancelled; reinstate it to active first.'],
    ['cancelled', 'lapsed', 'A cancelled policy cannot be changed to lapsed.'],
  ];

  it('the table covers all nine pairs and agrees with POLICY_TRANSITIONS', () => {
    const pairs = [...allowed.map(([f, t]) => `${f}>${t}`), ...refused.map(([f, t]) => `${f}>${t}`)].sort();
    expect(pairs).toEqual(POLICY_STATUSES.flatMap((f) => POLICY_STATUSES.map((t) => `${f}>${t}`)).sort());
    for (const [from, to] of allowed) expect(POLICY_TRANSITIONS[from]).toContain(to);
    for (const [from, to] of refused) expect(POLICY_TRANSITIONS[from]).not.toContain(to);
  });

  it.each(allowed.filter(([from]) => from !== 'lapsed'))(
    'given a %s policy, when changing it to %s, then PolicyStatusChanged with from/to/note and the day',
    (from, to) => {
      policies
        .given(historyTo[from])
        .when(change(to, { note: 'Client asked' }))
        .then([changed(from, to, 'Client asked')]);
    },
  );

  it('given a lapsed policy, when staff set it active, then PolicyReinstated for a staff decision with the reason (rule 2A.9)', () => {
    policies
      .given(historyTo.lapsed)
      .when(change('active', { note: 'Client asked' }))
      .then([reinstatedByStaff('Client asked')]);
  });

  it('a cancellation or a cancelled policy set active needs no note: it carries note null', () => {
    policies
      .given(historyTo.active)
      .when(change('cancelled'))
      .then([changed('active', 'cancelled', null)]);
    policies
      .given(historyTo.cancelled)
      .when(change('active'))
      .then([changed('cancelled', 'active', null)]);
  });

  it.each(refused)('given a %s policy, when changing it to %s, then INVALID_TRANSITION: %s', (from, to, message) => {
    expect(transitionRefusal(from, to)).toBe(message);
    policies
      .given(historyTo[from])
      .when(change(to, { note: 'Client asked' }))
      .thenThrows('INVALID_TRANSITION', message);
  });

  it('follows a longer history: lapsed, reinstated, cancelled, reinstated', () => {
    const history = [
      issued,
      changed('active', 'lapsed', 'Unpaid'),
      reinstatedByStaff('Paid at the branch'),
      changed('active', 'cancelled'),
      changed('cancelled', 'active'),
    ];
    policies
      .given(history)
      .when(change('lapsed', { note: 'Unpaid again' }))
      .then([changed('active', 'lapsed', 'Unpaid again')]);
  });
});

describe('ChangePolicyStatus: refusals beyond the transition table', () => {
  const MEMBER_DELETED = 'The member of this policy has been deleted, so the policy cannot be reinstated.';

  it('staff lapse a policy, or set a lapsed one active, only for a reason: VALIDATION_FAILED on note without one', () => {
    for (const note of [null, '']) {
      policies
        .given(historyTo.active)
        .when(change('lapsed', { note }))
        .thenThrows('VALIDATION_FAILED', LAPSE_REASON_REQUIRED, [{ path: ['note'], message: LAPSE_REASON_REQUIRED }]);
      policies
        .given(historyTo.lapsed)
        .when(change('active', { note }))
        .thenThrows('VALIDATION_FAILED', 'Give the reason for reinstating this policy.');
    }
    expect(LAPSE_REASON_REQUIRED).toBe('Give the reason for lapsing this policy.');
  });

  it('given a cancelled policy whose member was deleted, when reinstating, then RULE_VIOLATED', () => {
    policies
      .given(historyTo.cancelled)
      .when(change('active', { memberDeleted: true }))
      .thenThrows('RULE_VIOLATED', MEMBER_DELETED);
  });

  it('given a lapsed policy whose member was deleted, when reinstating, then RULE_VIOLATED', () => {
    policies
      .given(historyTo.lapsed)
      .when(change('active', { memberDeleted: true }))
      .thenThrows('RULE_VIOLATED', MEMBER_DELETED);
  });

  it('an invalid transition is reported as such even when the member was deleted', () => {
    policies
      .given(historyTo.cancelled)
      .when(change('lapsed', { memberDeleted: true }))
      .thenThrows('INVALID_TRANSITION', 'A cancelled policy cannot be changed to lapsed.');
  });

  it('given no policy, when changing its status, then NOT_FOUND', () => {
    policies.given([]).when(change('cancelled')).thenThrows('NOT_FOUND', POLICY_NOT_FOUND);
  });

  it("given another company's policy, when changing its status, then NOT_FOUND (never INVALID_TRANSITION, which would confirm it)", () => {
    expect(POLICY_NOT_FOUND).toBe('Policy not found');
    policies
      .given(historyTo.active)
      .when(change('cancelled', { companyId: 'c2' }))
      .thenThrows('NOT_FOUND', 'Policy not found');
    policies
      .given(historyTo.active)
      .when(change('active', { companyId: 'c2' }))
      .thenThrows('NOT_FOUND', 'Policy not found');
  });
});

describe('evolvePolicy', () => {
  it('starts as none', () => {
    expect(fold(policyDecider, [])).toEqual(initialPolicyState);
    expect(initialPolicyState).toEqual({ status: 'none' });
  });

  it('PolicyIssued: an active policy of its member with its number', () => {
    expect(fold(policyDecider, [issued])).toEqual({
      status: 'active',
      policyId: 'p-1',
      companyId: 'c1',
      memberId: 'm-1',
      policyNumber: 'POL-2026-000001',
      startDate: '2026-04-01',
      waitingPeriod: 6,
      coverageAmount: '50000',
      policyTypeId: issued.data.policyTypeId,
      monthlyPremium: issued.data.monthlyPremium,
      debitDay: 1,
      noticed: {},
      lapse: null,
      activations: 0,
      mandate: null,
      benefits: null,
      lives: [],
    });
  });

  it('DebitMandateSet keeps the reference (a new one lifts a suspension); DebitMandateSuspended marks it', () => {
    const mandate = (reference: string): PolicyEvent => ({
      type: 'DebitMandateSet',
      data: {
        policyId: issued.data.policyId,
        companyId: issued.data.companyId,
        memberId: issued.data.memberId,
        accountHolder: 'T Mthembu',
        bank: 'fnb',
        branchCode: '250655',
        accountNumber: '62001234567',
        accountType: 'cheque',
        debitDay: 1,
        mandateReference: reference,
        debiCheck: false,
        status: 'pending',
      },
    });
    const suspended: PolicyEvent = {
      type: 'DebitMandateSuspended',
      data: {
        policyId: issued.data.policyId,
        companyId: issued.data.companyId,
        unpaidCode: '12',
        reason: 'Account closed',
        suspendedOn: '2026-02-01',
        batchId: 'b',
      },
    };
    const fold = (events: PolicyEvent[]) => events.reduce(evolvePolicy, initialPolicyState);
    const after = fold([issued, mandate('MND-1'), suspended]);
    expect(after.status !== 'none' && after.mandate).toEqual({ reference: 'MND-1', suspended: true });
    const renewed = fold([issued, mandate('MND-1'), suspended, mandate('MND-2')]);
    expect(renewed.status !== 'none' && renewed.mandate).toEqual({ reference: 'MND-2', suspended: false });
  });

  it.each(POLICY_STATUSES)('PolicyStatusChanged to %s: the status follows, the rest stays', (status) => {
    const history = status === 'active' ? [...historyTo.lapsed, changed('lapsed', 'active')] : historyTo[status];
    expect(fold(policyDecider, history)).toMatchObject({
      status,
      policyId: 'p-1',
      companyId: 'c1',
      memberId: 'm-1',
      policyNumber: 'POL-2026-000001',
      startDate: '2026-04-01',
      waitingPeriod: 6,
      coverageAmount: '50000',
    });
    // Set active again (a reinstatement by staff), the calendar starts afresh: no notices, no lapse.
    if (status === 'active') expect(fold(policyDecider, history)).toMatchObject({ noticed: {}, lapse: null, activations: 1 });
    if (status === 'lapsed') expect(fold(policyDecider, history)).toMatchObject({ lapse: { nonPayment: false } });
  });

  it('PolicyStatusChanged without an issued policy leaves the state as none', () => {
    expect(fold(policyDecider, [changed('active', 'lapsed')])).toEqual({ status: 'none' });
  });
});

/*
 * Issue #20: the calendar lapses a policy by itself (PolicyLapsed) and reinstates it when its arrears are
 * paid (PolicyReinstated, arrears_paid). Staff's switch on /policies keeps working on such a policy:
 * setting a lapsed policy active again is a reinstatement by staff decision (PolicyReinstated,
 * staff_decision; rule 2A.9) within the policy type's window after the lapse, which every read model and
 * the billing book read as the policy back in force with no new waiting period.
 */
describe('ChangePolicyStatus after the calendar (issue #20)', () => {
  const lapsedByCalendar: PolicyLapsed = {
    type: 'PolicyLapsed',
    data: {
      policyId: 'p-1',
      companyId: 'c1',
      lapsedOn: '2026-05-17',
      reason: 'non_payment',
      period: '2026-05',
      graceEndedOn: '2026-05-16',
      graceDays: 15,
      missed: 1,
      arrears: '299',
    },
  };
  const reinstatedByCalendar: PolicyReinstated = {
    type: 'PolicyReinstated',
    data: { policyId: 'p-1', companyId: 'c1', reinstatedOn: '2026-06-03', lapsedOn: '2026-05-17', reason: 'arrears_paid', note: null },
  };
  /** The scenario on a given South African day (noon there). */
  const on = (day: string) => deciderScenario(policyDecider, { ...ctx, now: new Date(`${day}T10:00:00Z`) });

  it('given a policy the calendar lapsed, when staff set it active within the window, then PolicyReinstated for a staff decision', () => {
    expect(fold(policyDecider, [issued, lapsedByCalendar])).toMatchObject({
      status: 'lapsed',
      lapse: { on: '2026-05-17', nonPayment: true },
    });
    on('2026-06-10')
      .given([issued, lapsedByCalendar])
      .when(change('active', { note: 'Arrears arranged with the client' }))
      .then([reinstatedByStaff('Arrears arranged with the client', '2026-05-17', '2026-06-10')]);
  });

  it("the window is the policy type's months after the lapse, its last day included; after it, RULE_VIOLATED", () => {
    const given = on('2026-08-17').given([issued, lapsedByCalendar]);
    given.when(change('active', { note: 'Late' })).then([reinstatedByStaff('Late', '2026-05-17', '2026-08-17')]);
    on('2026-08-18')
      .given([issued, lapsedByCalendar])
      .when(change('active', { note: 'Too late' }))
      .thenThrows(
        'RULE_VIOLATED',
        'The reinstatement window has passed: the policy lapsed on 2026-05-17 and its type allows reinstatement within 3 months (until 2026-08-17). Issue a new policy instead.',
      );
    on('2026-06-18')
      .given([issued, lapsedByCalendar])
      .when(change('active', { note: 'Too late', reinstatementMonths: 1 }))
      .thenThrows(
        'RULE_VIOLATED',
        'The reinstatement window has passed: the policy lapsed on 2026-05-17 and its type allows reinstatement within 1 month (until 2026-06-17). Issue a new policy instead.',
      );
    // A type with no window (0 months) reinstates on the day of the lapse only.
    on('2026-05-17')
      .given([issued, lapsedByCalendar])
      .when(change('active', { note: 'Same day', reinstatementMonths: 0 }))
      .then([reinstatedByStaff('Same day', '2026-05-17', '2026-05-17')]);
  });

  it('a staff lapse is timed by its day; one recorded before issue #20 (no day) by the day it was recorded', () => {
    const staffLapse = changed('active', 'lapsed', 'Unpaid', '2026-02-10');
    expect(fold(policyDecider, [issued, staffLapse])).toMatchObject({ lapse: { on: '2026-02-10', nonPayment: false } });
    on('2026-05-11')
      .given([issued, staffLapse])
      .when(change('active', { note: 'Back' }))
      .thenThrows(
        'RULE_VIOLATED',
        'The reinstatement window has passed: the policy lapsed on 2026-02-10 and its type allows reinstatement within 3 months (until 2026-05-10). Issue a new policy instead.',
      );
    const { changedOn: _, ...legacy } = staffLapse.data;
    const legacyLapse: PolicyStatusChanged = { type: 'PolicyStatusChanged', data: legacy };
    expect(fold(policyDecider, [issued, legacyLapse])).toMatchObject({ lapse: { on: '', nonPayment: false } });
    on('2026-05-01')
      .given([issued, legacyLapse])
      .when(change('active', { note: 'Back', lapsedOn: '2026-02-02' }))
      .then([reinstatedByStaff('Back', '2026-02-02', '2026-05-01')]);
  });

  it('set active by staff, the policy is back in force for the calendar: no lapse, a new activation, so the calendar does not reinstate it again', () => {
    const history = [issued, lapsedByCalendar, reinstatedByStaff('Staff decision', '2026-05-17', '2026-06-03')];
    expect(fold(policyDecider, history)).toMatchObject({ status: 'active', lapse: null, noticed: {}, activations: 1 });
    expect(() =>
      decideReinstatement(
        { step: 'reinstate', policyId: 'p-1', companyId: 'c1', day: '2026-06-03', lapsedOn: '2026-05-17' },
        fold(policyDecider, history),
      ),
    ).toThrow(REINSTATE_NEEDS_LAPSED);
  });

  it('given a policy the calendar lapsed, the rest of the table holds: lapsed again or cancelled is INVALID_TRANSITION', () => {
    policies
      .given([issued, lapsedByCalendar])
      .when(change('lapsed', { note: 'Again' }))
      .thenThrows('INVALID_TRANSITION', 'The policy is already lapsed.');
    policies
      .given([issued, lapsedByCalendar])
      .when(change('cancelled'))
      .thenThrows('INVALID_TRANSITION', 'A lapsed policy cannot be cancelled; reinstate it to active first.');
  });

  it('given a policy the calendar lapsed whose member was deleted, when staff set it active, then RULE_VIOLATED', () => {
    policies
      .given([issued, lapsedByCalendar])
      .when(change('active', { memberDeleted: true }))
      .thenThrows('RULE_VIOLATED', 'The member of this policy has been deleted, so the policy cannot be reinstated.');
  });

  it('given a policy the calendar reinstated, staff can lapse or cancel it, and not set it active again', () => {
    const history = [issued, lapsedByCalendar, reinstatedByCalendar];
    policies
      .given(history)
      .when(change('lapsed', { note: 'Client stopped paying' }))
      .then([changed('active', 'lapsed', 'Client stopped paying')]);
    policies
      .given(history)
      .when(change('cancelled'))
      .then([changed('active', 'cancelled')]);
    policies.given(history).when(change('active')).thenThrows('INVALID_TRANSITION', 'The policy is already active.');
  });
});
