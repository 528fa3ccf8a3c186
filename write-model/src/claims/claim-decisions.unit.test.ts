import { describe, expect, it } from 'vitest';
import { scenario } from '../command-handling/given-when-then.ts';
import type { CommandContext } from '../command-handling/context.ts';
import { toNewEvent } from '../command-handling/decider.ts';
import { CLAIM_DECISION_MESSAGES as M, claimDecisionSchemaOn, type ClaimStatus } from '../validation/index.ts';
import { decideChangeClaimStatus, type ChangeClaimStatus } from './commands/change-claim-status.ts';
import { claimPii, type ClaimEvent, type ClaimFlags, type ClaimSubmitted } from './claims.events.ts';
import { evolveClaim, initialClaimState } from './claims.state.ts';

/* Issue #23: an approval's amount and override, a rejection's reason, a payout's amount, date, reference and account. */

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 'x',
  actor: { userId: 'u1', role: 'claim_admin', companyId: 'c1' },
  commandId: 'cmd',
};
const TODAY = '2026-06-15';
const FIELDS = ['deceasedIdDocument', 'claimantIdDocument', 'deathCertificateDocument', 'bankLetterDocument'] as const;

function submittedClaim(claimAmount: string, flags: Partial<ClaimFlags> = {}): ClaimSubmitted {
  return {
    type: 'ClaimSubmitted',
    data: {
      ...({} as Omit<ClaimSubmitted['data'], 'claimId' | 'companyId' | 'claimNumber' | 'claimAmount' | 'documents' | 'flags'>),
      claimId: 'k1',
      companyId: 'c1',
      claimNumber: 'CLM-2026-000001',
      claimAmount,
      bankAccountNumber: '62012345678',
      accountHolderName: 'N Dlamini',
      documents: FIELDS.map((field, i) => ({
        documentId: `doc${i + 1}`,
        field,
        category: 'other',
        originalName: `${field}.pdf`,
        contentType: 'application/pdf',
        size: 1,
        sha256: 'a',
      })),
      flags: {
        withinWaitingPeriod: false,
        waitingPeriodEndsOn: '2026-01-01',
        exceedsCover: false,
        coverageAmount: '20000.00',
        deceasedOnPolicy: true,
        ...flags,
      },
    },
  };
}
const verified: ClaimEvent[] = FIELDS.map((_f, i) => ({
  type: 'ClaimDocumentReviewed',
  data: { claimId: 'k1', companyId: 'c1', documentId: `doc${i + 1}`, from: 'pending', to: 'verified', note: null },
}));
/** A decision (approved, rejected) records its instant: the command's. */
const moved = (from: ClaimStatus, to: ClaimStatus, extra: object = {}): ClaimEvent => ({
  type: 'ClaimStatusChanged',
  data: {
    claimId: 'k1',
    companyId: 'c1',
    from,
    to,
    note: null,
    ...extra,
    ...(to === 'approved' || to === 'rejected' ? { decidedAt: ctx.now.toISOString() } : {}),
  },
});
const inReview = (claimAmount = '15000.00', flags: Partial<ClaimFlags> = {}) => [
  submittedClaim(claimAmount, flags),
  ...verified,
  moved('submitted', 'under_review'),
];
const approvedOn = (day: string, approvedAmount = '12000.00') => [
  ...inReview(),
  moved('under_review', 'approved', { decision: { approvedAmount, approvedOn: day, override: null } }),
];

const decision = scenario(
  { initialState: initialClaimState, evolve: evolveClaim },
  (command: ChangeClaimStatus, state) => decideChangeClaimStatus(state, command),
  ctx,
);
const approve = (extra: Partial<ChangeClaimStatus> = {}): ChangeClaimStatus => ({
  companyId: 'c1',
  to: 'approved',
  note: null,
  today: TODAY,
  now: ctx.now,
  ...extra,
});
const reject = (extra: Partial<ChangeClaimStatus> = {}) => approve({ to: 'rejected', ...extra });
const pay = (payout: Partial<NonNullable<ChangeClaimStatus['payout']>> = {}, extra: Partial<ChangeClaimStatus> = {}) =>
  approve({ to: 'paid', payout: { paidOn: null, reference: 'EFT-778899', ...payout }, ...extra });

describe('approving a claim', () => {
  it('given a claim within the cover, when approved with no amount, then the claimed amount is approved today without override', () => {
    decision
      .given(inReview())
      .when(approve())
      .then([moved('under_review', 'approved', { decision: { approvedAmount: '15000.00', approvedOn: TODAY, override: null } })]);
  });

  it('when approved for a lower amount, then that amount, with two places', () => {
    decision
      .given(inReview())
      .when(approve({ approvedAmount: '9000.5' }))
      .then([moved('under_review', 'approved', { decision: { approvedAmount: '9000.50', approvedOn: TODAY, override: null } })]);
  });

  it('given a claim above the cover, when approved with no amount, then refused telling to approve a lower amount', () => {
    decision
      .given(inReview('25000.00', { exceedsCover: true }))
      .when(approve())
      .thenThrows(
        'VALIDATION_FAILED',
        "The amount claimed (R25,000.00) exceeds the deceased's cover on the policy (R20,000.00): approve a lower amount (at most R20,000.00).",
        [
          {
            path: ['approvedAmount'],
            message:
              "The amount claimed (R25,000.00) exceeds the deceased's cover on the policy (R20,000.00): approve a lower amount (at most R20,000.00).",
          },
        ],
      );
  });

  it('given a claim above the cover, when approved for the cover, then approved (the cap is no override)', () => {
    decision
      .given(inReview('25000.00', { exceedsCover: true }))
      .when(approve({ approvedAmount: '20000' }))
      .then([moved('under_review', 'approved', { decision: { approvedAmount: '20000.00', approvedOn: TODAY, override: null } })]);
  });

  it('when approved for more than the cover, then refused', () => {
    decision
      .given(inReview())
      .when(approve({ approvedAmount: '20000.01' }))
      .thenThrows('VALIDATION_FAILED', "The approved amount (R20,000.01) exceeds the deceased's cover on the policy (R20,000.00).");
  });

  it('given a death within the waiting period, when approved without a reason (or a short one), then refused naming the flag', () => {
    const message =
      'This claim is flagged (death within the waiting period): approving it needs a reason for the override of at least 10 characters.';
    decision
      .given(inReview('15000.00', { withinWaitingPeriod: true }))
      .when(approve())
      .thenThrows('VALIDATION_FAILED', message, [{ path: ['overrideReason'], message }]);
    decision
      .given(inReview('15000.00', { withinWaitingPeriod: true }))
      .when(approve({ overrideReason: '  too short ' }))
      .thenThrows('VALIDATION_FAILED', message);
  });

  it('given a deceased not on the policy and within the waiting period, when approved with a reason, then the override records both flags', () => {
    decision
      .given(inReview('15000.00', { withinWaitingPeriod: true, deceasedOnPolicy: false }))
      .when(approve({ overrideReason: 'Accidental death, confirmed by police report' }))
      .then([
        moved('under_review', 'approved', {
          decision: {
            approvedAmount: '15000.00',
            approvedOn: TODAY,
            override: { flags: ['withinWaitingPeriod', 'deceasedNotOnPolicy'], reason: 'Accidental death, confirmed by police report' },
          },
        }),
      ]);
  });

  it('given a claim with no flag, when approved with an override reason, then no override is recorded', () => {
    decision
      .given(inReview())
      .when(approve({ overrideReason: 'Nothing to override here' }))
      .then([moved('under_review', 'approved', { decision: { approvedAmount: '15000.00', approvedOn: TODAY, override: null } })]);
  });
});

describe('rejecting a claim', () => {
  it('when rejected for a reason from the list, then the rejection records it (with words, if any)', () => {
    decision
      .given(inReview())
      .when(reject({ rejectionReason: 'waiting_period' }))
      .then([moved('under_review', 'rejected', { rejection: { reason: 'waiting_period', detail: null } })]);
    decision
      .given(inReview())
      .when(reject({ rejectionReason: 'fraud_suspected', rejectionDetail: ' Forged certificate ' }))
      .then([moved('under_review', 'rejected', { rejection: { reason: 'fraud_suspected', detail: 'Forged certificate' } })]);
  });

  it('when rejected with no reason, or "other" without words, then refused', () => {
    decision.given(inReview()).when(reject()).thenThrows('VALIDATION_FAILED', M.rejectionReasonRequired);
    decision
      .given(inReview())
      .when(reject({ rejectionReason: 'other', rejectionDetail: '  ' }))
      .thenThrows('VALIDATION_FAILED', M.rejectionDetailRequired, [{ path: ['rejectionDetail'], message: M.rejectionDetailRequired }]);
    decision
      .given(inReview())
      .when(reject({ rejectionReason: 'other', rejectionDetail: 'Claimant withdrew the claim' }))
      .then([moved('under_review', 'rejected', { rejection: { reason: 'other', detail: 'Claimant withdrew the claim' } })]);
  });
});

describe('marking a claim as paid', () => {
  const account = { accountHolder: 'N Dlamini', accountLast4: '5678' };

  it('when paid with no amount or date, then the approved amount, today, to the claimant’s account on the claim', () => {
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay())
      .then([moved('approved', 'paid', { payout: { amount: '12000.00', paidOn: TODAY, reference: 'EFT-778899', ...account } })]);
  });

  it('when paid less than approved on the approval day, then that payout', () => {
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ amount: '11000', paidOn: '2026-06-10' }))
      .then([moved('approved', 'paid', { payout: { amount: '11000.00', paidOn: '2026-06-10', reference: 'EFT-778899', ...account } })]);
  });

  it('when paid more than approved, then refused', () => {
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ amount: '12000.01' }))
      .thenThrows('VALIDATION_FAILED', 'The payout (R12,000.01) exceeds the approved amount (R12,000.00).', [
        { path: ['payout', 'amount'], message: 'The payout (R12,000.01) exceeds the approved amount (R12,000.00).' },
      ]);
  });

  it('when dated before the approval or after today, then refused', () => {
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ paidOn: '2026-06-09' }))
      .thenThrows('VALIDATION_FAILED', 'Payment date cannot be before the claim was approved (2026-06-10)');
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ paidOn: '2026-06-16' }))
      .thenThrows('VALIDATION_FAILED', M.paidOnFuture);
  });

  it('when the payout or its reference is missing or out of length, then refused', () => {
    decision
      .given(approvedOn('2026-06-10'))
      .when(approve({ to: 'paid' }))
      .thenThrows('VALIDATION_FAILED', M.payoutRequired);
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ reference: ' ' }))
      .thenThrows('VALIDATION_FAILED', M.referenceRequired);
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ reference: 'ab' }))
      .thenThrows('VALIDATION_FAILED', M.referenceLength);
    decision
      .given(approvedOn('2026-06-10'))
      .when(pay({ reference: 'x'.repeat(61) }))
      .thenThrows('VALIDATION_FAILED', M.referenceLength);
  });

  it('given a claim approved before approvals had an amount, then the claimed amount is the most paid, any date up to today', () => {
    const legacy = [...inReview(), moved('under_review', 'approved')];
    decision
      .given(legacy)
      .when(pay({ paidOn: '2026-01-02' }))
      .then([moved('approved', 'paid', { payout: { amount: '15000.00', paidOn: '2026-01-02', reference: 'EFT-778899', ...account } })]);
    decision
      .given(legacy)
      .when(pay({ amount: '15000.01' }))
      .thenThrows('VALIDATION_FAILED', 'The payout (R15,000.01) exceeds the approved amount (R15,000.00).');
  });

  it('given a legacy approval above the cover, then paying it is still refused', () => {
    const legacy = [
      submittedClaim('25000.00', { exceedsCover: true }),
      ...verified,
      moved('submitted', 'under_review'),
      moved('under_review', 'approved'),
    ];
    decision
      .given(legacy)
      .when(pay())
      .thenThrows('RULE_VIOLATED', "The amount to pay (R25,000.00) exceeds the deceased's cover on the policy (R20,000.00).");
  });

  it('given documents not verified, then the documents rule comes first', () => {
    const unverified = [submittedClaim('15000.00'), moved('submitted', 'under_review'), moved('under_review', 'approved')];
    decision
      .given(unverified)
      .when(pay({ amount: '99999' }))
      .thenThrows(
        'RULE_VIOLATED',
        'A claim can only be marked as paid once all four documents are verified; not verified: deceased ID document, claimant ID document, death certificate, bank letter.',
      );
  });

  it("marks the payout's account holder and last four digits as the claimant's personal data", () => {
    const [event] = decision.given(approvedOn('2026-06-10')).when(pay()).decided();
    expect(toNewEvent(event!, claimPii).pii).toEqual([
      { subjectId: 'claim-claimant:k1', fields: ['payout.accountHolder', 'payout.accountLast4'] },
    ]);
    const [approval] = decision.given(inReview()).when(approve()).decided();
    expect(toNewEvent(approval!, claimPii).pii).toBeUndefined();
  });
});

describe('the decision schema (server and form)', () => {
  const schema = claimDecisionSchemaOn(TODAY);
  const messages = (input: object) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('asks each target status for its own fields, with the messages the form shows', () => {
    expect(messages({ status: 'rejected' })).toEqual([['rejectionReason', M.rejectionReasonRequired]]);
    expect(messages({ status: 'rejected', rejectionReason: 'other' })).toEqual([['rejectionDetail', M.rejectionDetailRequired]]);
    expect(messages({ status: 'rejected', rejectionReason: 'lost' })).toEqual([['rejectionReason', M.rejectionReasonUnknown]]);
    expect(messages({ status: 'paid' })).toEqual([['payout', M.payoutRequired]]);
    expect(messages({ status: 'paid', payout: { reference: 'ab', paidOn: '2026-06-16', amount: '0' } })).toEqual([
      ['payout.amount', M.payoutAmountPositive],
      ['payout.paidOn', M.paidOnFuture],
      ['payout.reference', M.referenceLength],
    ]);
    expect(messages({ status: 'approved', approvedAmount: '-5', overrideReason: 'short' })).toEqual([
      ['approvedAmount', M.approvedAmountPositive],
      ['overrideReason', M.overrideReasonShort],
    ]);
    expect(messages({ status: 'approved', approvedAmount: '', overrideReason: '' })).toEqual([]);
    expect(messages({ status: 'under_review' })).toEqual([]);
  });

  it('reads amounts given as numbers, and leaves absent what defaults later', () => {
    expect(schema.parse({ status: 'approved', approvedAmount: 15000 })).toMatchObject({ approvedAmount: '15000' });
    expect(schema.parse({ status: 'paid', payout: { reference: ' EFT-1 ' } }).payout).toEqual({
      amount: undefined,
      paidOn: null,
      reference: 'EFT-1',
    });
  });
});
