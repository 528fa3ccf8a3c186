import { describe, expect, it } from 'vitest';
import { scenario, outcome } from '../command-handling/given-when-then.ts';
import type { CommandContext } from '../command-handling/context.ts';
import { addMonths, claimSchemaOn, CLAIM_STATUSES, luhnCheckDigit, type ClaimStatus } from '../validation/index.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { CLAIM_TRANSITIONS, claimTransitionRefusal } from './claims.decider.ts';
import { decideChangeClaimStatus, type ChangeClaimStatus } from './commands/change-claim-status.ts';
import { decideReviewDocument } from './commands/review-document.ts';
import { decideDisputeClaim } from './commands/dispute-claim.ts';
import { decideSubmitClaim } from './commands/submit-claim.ts';
import type { ClaimDocument, ClaimEvent } from './claims.events.ts';
import { evolveClaim, initialClaimState } from './claims.state.ts';
const claimSchema = claimSchemaOn('2026-06-15');

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 'x',
  actor: { userId: 'u1', role: 'claim_admin', companyId: 'c1' },
  commandId: 'cmd',
};
const saId = (prefix12: string) => `${prefix12}${luhnCheckDigit(prefix12)}`;
const DECEASED = saId('700505500908');

const policy: PolicyState = {
  status: 'active',
  policyId: 'p1',
  companyId: 'c1',
  memberId: 'm1',
  policyNumber: 'POL-2026-000001',
  startDate: '2026-01-31',
  waitingPeriod: 6,
  coverageAmount: '20000.00',
  policyTypeId: 'pt1',
  monthlyPremium: '100.00',
  debitDay: 1,
  noticed: {},
  lapse: null,
  activations: 0,
  mandate: null,
  benefits: null,
  lives: [],
};
const documents: ClaimDocument[] = [
  {
    documentId: 'd1',
    field: 'deathCertificateDocument',
    category: 'death_certificate',
    originalName: 'dc.pdf',
    contentType: 'application/pdf',
    size: 10,
    sha256: 'a',
  },
];
const input = claimSchema.parse({
  policyId: 'p1',
  deceasedFirstName: 'Themba',
  deceasedLastName: 'Mthembu',
  deceasedSaId: DECEASED,
  deceasedDateOfBirth: '1970-05-05',
  deceasedDateOfDeath: '2026-06-14',
  causeOfDeath: 'Natural causes',
  deathCertificateNumber: 'DC1',
  claimantFirstName: 'Zanele',
  claimantLastName: 'Mthembu',
  claimantSaId: saId('950101000108'),
  claimantPhone: '0821112222',
  claimantEmail: 'z@example.co.za',
  claimantAddress: '3 Church Street',
  relationshipToDeceased: 'Daughter',
  claimAmount: '20000.01',
  bankAccountNumber: '123',
  bankName: 'Capitec',
  bankBranchCode: '470010',
  accountHolderName: 'Z Mthembu',
  deceasedIdDocument: '/objects/1',
  claimantIdDocument: '/objects/2',
  deathCertificateDocument: '/objects/3',
  bankLetterDocument: '/objects/4',
});
const submit = (overrides: Partial<Parameters<typeof decideSubmitClaim>[0]> = {}) =>
  decideSubmitClaim({
    claimId: 'k1',
    companyId: 'c1',
    claimNumber: 'CLM-2026-000001',
    input,
    policy,
    memberName: 'Themba Mthembu',
    deceasedOnPolicy: true,
    life: { addedOn: null, priorCover: null },
    suicideWaitingMonths: 12,
    documents,
    today: '2026-06-15',
    ...overrides,
  });
const submitted = submit()[0]!;

describe('submitting a claim', () => {
  it('when the policy is active, then ClaimSubmitted with the flags staff need', () => {
    expect(submitted.type).toBe('ClaimSubmitted');
    if (submitted.type !== 'ClaimSubmitted') return;
    expect(submitted.data.flags).toEqual({
      withinWaitingPeriod: true, // 2026-06-14 is before 2026-07-31
      waitingPeriodEndsOn: '2026-07-31',
      deathType: 'natural', // absent from the input: an older client
      waitingRule: 'natural',
      lifeJoinedOn: '2026-01-31',
      priorCoverMonths: 0,
      exceedsCover: true, // 20 000.01 > 20 000.00
      coverageAmount: '20000.00',
      deceasedOnPolicy: true,
    });
    expect(submitted.data).toMatchObject({ policyNumber: 'POL-2026-000001', memberId: 'm1', submittedDate: '2026-06-15', documents });
  });

  it('when the death is on the day the waiting period ends and the amount equals the cover, then neither flag is raised', () => {
    const later = { ...policy, startDate: '2025-12-14' };
    const [event] = submit({ policy: later, input: { ...input, claimAmount: '20000.00' } });
    expect(event?.type === 'ClaimSubmitted' && event.data.flags).toMatchObject({
      withinWaitingPeriod: false,
      waitingPeriodEndsOn: '2026-06-14',
      exceedsCover: false,
    });
  });

  it.each([
    ['no policy', { policy: { status: 'none' } as PolicyState }, 'VALIDATION_FAILED', 'No policy was found with that id or policy number.'],
    [
      'another company’s policy',
      { policy: { ...policy, companyId: 'c2' } },
      'VALIDATION_FAILED',
      'No policy was found with that id or policy number.',
    ],
    [
      'a lapsed policy',
      { policy: { ...policy, status: 'lapsed' } as PolicyState },
      'RULE_VIOLATED',
      'Claims can only be submitted on an active policy; policy POL-2026-000001 is lapsed.',
    ],
    [
      'a cancelled policy',
      { policy: { ...policy, status: 'cancelled' } as PolicyState },
      'RULE_VIOLATED',
      'Claims can only be submitted on an active policy; policy POL-2026-000001 is cancelled.',
    ],
    [
      'a policy of a group scheme that is inactive (issue #22)',
      { scheme: { name: 'Mine Workers', status: 'inactive' } },
      'RULE_VIOLATED',
      'The group scheme Mine Workers is inactive: no claim can be submitted on its policy POL-2026-000001. Set the scheme active first.',
    ],
    [
      'a death tomorrow',
      { input: { ...input, deceasedDateOfDeath: '2026-06-16' } },
      'VALIDATION_FAILED',
      'Date of death cannot be in the future',
    ],
    [
      'a death before the policy began',
      { input: { ...input, deceasedDateOfDeath: '2026-01-30' } },
      'VALIDATION_FAILED',
      'Date of death cannot be before the policy start date (2026-01-31)',
    ],
  ] as const)('when submitted on %s, then it is refused', (_name, overrides, code, message) => {
    outcome(() => submit(overrides as never)).thenThrows(code, message);
  });
});

const fourDocuments: ClaimDocument[] = (
  ['deceasedIdDocument', 'claimantIdDocument', 'deathCertificateDocument', 'bankLetterDocument'] as const
).map((field, i) => ({
  documentId: `doc${i + 1}`,
  field,
  category: 'other',
  originalName: `${field}.pdf`,
  contentType: 'application/pdf',
  size: 10,
  sha256: 'a',
}));
const reviewed = (
  documentId: string,
  to: 'verified' | 'rejected' = 'verified',
  from: 'pending' | 'verified' | 'rejected' = 'pending',
): ClaimEvent => ({
  type: 'ClaimDocumentReviewed',
  data: { claimId: 'k1', companyId: 'c1', documentId, from, to, note: null },
});
/** A claim within the cover with its four documents verified: nothing stands between approval and payment. */
const payable: ClaimEvent[] = [
  ...submit({ documents: fourDocuments, input: { ...input, claimAmount: '20000.00' } }),
  ...fourDocuments.map((d) => reviewed(d.documentId)),
];

describe('the claim lifecycle', () => {
  const change = scenario(
    { initialState: initialClaimState, evolve: evolveClaim },
    (command: ChangeClaimStatus, state) => decideChangeClaimStatus(state, command),
    ctx,
  );
  const path: Record<ClaimStatus, ClaimStatus[]> = {
    submitted: [],
    under_review: ['under_review'],
    sent_to_underwriter: ['sent_to_underwriter'],
    approved: ['under_review', 'approved'],
    rejected: ['under_review', 'rejected'],
    paid: ['under_review', 'approved', 'paid'],
  };
  const historyTo = (status: ClaimStatus): ClaimEvent[] => {
    let from: ClaimStatus = 'submitted';
    return [
      ...payable,
      ...path[status].map((to) => {
        const event: ClaimEvent = { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from, to, note: null } };
        from = to;
        return event;
      }),
    ];
  };

  /** A command that says what every target status asks for; the event keeps only what its status records. */
  const everything: ChangeClaimStatus = {
    companyId: 'c1',
    to: 'under_review',
    note: null,
    today: '2026-06-15',
    now: ctx.now,
    overrideReason: 'Underwriter waived the waiting period',
    rejectionReason: 'not_covered',
    payout: { paidOn: null, reference: 'EFT-0001' },
  };
  const recorded: Partial<Record<ClaimStatus, object>> = {
    approved: {
      decision: {
        approvedAmount: '20000.00',
        approvedOn: '2026-06-15',
        override: { flags: ['withinWaitingPeriod'], reason: 'Underwriter waived the waiting period' },
      },
      decidedAt: ctx.now.toISOString(),
    },
    rejected: { rejection: { reason: 'not_covered', detail: null }, decidedAt: ctx.now.toISOString() },
    paid: { payout: { amount: '20000.00', paidOn: '2026-06-15', reference: 'EFT-0001', accountHolder: 'Z Mthembu', accountLast4: '123' } },
  };

  it('allows exactly the moves of spec part 2 §4', () => {
    expect(CLAIM_TRANSITIONS).toEqual({
      submitted: ['under_review', 'sent_to_underwriter'],
      under_review: ['approved', 'rejected', 'sent_to_underwriter'],
      sent_to_underwriter: ['approved', 'rejected'],
      approved: ['paid'],
      rejected: [],
      paid: [],
    });
  });

  for (const from of CLAIM_STATUSES) {
    for (const to of CLAIM_STATUSES) {
      const allowed = CLAIM_TRANSITIONS[from].includes(to);
      it(`given a ${from} claim, when moved to ${to}, then ${allowed ? 'ClaimStatusChanged' : 'INVALID_TRANSITION'}`, () => {
        const when = change.given(historyTo(from)).when({ ...everything, to, note: 'checked' });
        if (allowed) {
          when.then([{ type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from, to, note: 'checked', ...recorded[to] } }]);
        } else when.thenThrows('INVALID_TRANSITION', claimTransitionRefusal(from, to));
      });
    }
  }

  it('says terminal claims have no actions left', () => {
    expect(claimTransitionRefusal('paid', 'approved')).toBe('This claim is paid; no further actions are available.');
    expect(claimTransitionRefusal('rejected', 'approved')).toBe('This claim is rejected; no further actions are available.');
  });

  it('given no claim, or another company’s, then NOT_FOUND', () => {
    change.given([]).when(everything).thenThrows('NOT_FOUND', 'Claim not found');
    change
      .given([submitted])
      .when({ ...everything, companyId: 'c2' })
      .thenThrows('NOT_FOUND', 'Claim not found');
  });
});

describe('marking a claim as paid', () => {
  const change = scenario(
    { initialState: initialClaimState, evolve: evolveClaim },
    (command: ChangeClaimStatus, state) => decideChangeClaimStatus(state, command),
    ctx,
  );
  const approved = (events: ClaimEvent[]): ClaimEvent[] => [
    ...events,
    { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from: 'submitted', to: 'under_review', note: null } },
    { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from: 'under_review', to: 'approved', note: null } },
  ];
  const pay: ChangeClaimStatus = {
    companyId: 'c1',
    to: 'paid',
    note: null,
    today: '2026-06-15',
    now: ctx.now,
    payout: { paidOn: null, reference: 'EFT-0001' },
  };
  const paid = { amount: '20000.00', paidOn: '2026-06-15', reference: 'EFT-0001', accountHolder: 'Z Mthembu', accountLast4: '123' };
  const within = submit({ documents: fourDocuments, input: { ...input, claimAmount: '20000.00' } });

  it('given an approved claim within the cover whose four documents are verified, when paid, then ClaimStatusChanged', () => {
    change
      .given(approved(payable))
      .when(pay)
      .then([
        { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from: 'approved', to: 'paid', note: null, payout: paid } },
      ]);
  });

  it('given documents not yet verified (pending or rejected), when paid, then refused naming them', () => {
    change
      .given(approved(within))
      .when(pay)
      .thenThrows(
        'RULE_VIOLATED',
        'A claim can only be marked as paid once all four documents are verified; not verified: deceased ID document, claimant ID document, death certificate, bank letter.',
      );
    change
      .given(approved([...within, reviewed('doc1'), reviewed('doc2'), reviewed('doc3'), reviewed('doc4', 'rejected')]))
      .when(pay)
      .thenThrows('RULE_VIOLATED', 'A claim can only be marked as paid once all four documents are verified; not verified: bank letter.');
    change
      .given(approved([...payable, reviewed('doc3', 'rejected', 'verified')]))
      .when(pay)
      .thenThrows(
        'RULE_VIOLATED',
        'A claim can only be marked as paid once all four documents are verified; not verified: death certificate.',
      );
  });

  it('given an amount above the cover of the deceased on the policy, when paid, then refused', () => {
    const above = [...submit({ documents: fourDocuments }), ...fourDocuments.map((d) => reviewed(d.documentId))];
    change
      .given(approved(above))
      .when(pay)
      .thenThrows('RULE_VIOLATED', "The amount to pay (R20,000.01) exceeds the deceased's cover on the policy (R20,000.00).");
  });
});

describe('reviewing a claim document', () => {
  const review = scenario(
    { initialState: initialClaimState, evolve: evolveClaim },
    (command: { companyId: string; documentId: string; to: 'verified' | 'rejected'; note: string | null }, state) =>
      decideReviewDocument(state, { ...command, now: new Date('2026-11-25T10:00:00+02:00') }),
    ctx,
  );
  it('verifies a pending document, then refuses verifying it again, and allows rejecting it later', () => {
    const verified: ClaimEvent = {
      type: 'ClaimDocumentReviewed',
      data: { claimId: 'k1', companyId: 'c1', documentId: 'd1', from: 'pending', to: 'verified', note: null },
    };
    review.given([submitted]).when({ companyId: 'c1', documentId: 'd1', to: 'verified', note: null }).then([verified]);
    review
      .given([submitted, verified])
      .when({ companyId: 'c1', documentId: 'd1', to: 'verified', note: null })
      .thenThrows('INVALID_TRANSITION', 'The document is already verified.');
    review
      .given([submitted, verified])
      .when({ companyId: 'c1', documentId: 'd1', to: 'rejected', note: 'blurred' })
      .then([
        {
          type: 'ClaimDocumentReviewed',
          data: { claimId: 'k1', companyId: 'c1', documentId: 'd1', from: 'verified', to: 'rejected', note: 'blurred' },
        },
      ]);
    review
      .given([submitted])
      .when({ companyId: 'c1', documentId: 'nope', to: 'verified', note: null })
      .thenThrows('NOT_FOUND', 'Document not found');
  });
});

describe('addMonths', () => {
  it('keeps the day, or the month’s last day when the target month is shorter', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-08-15', 6)).toBe('2027-02-15');
    expect(addMonths('2026-03-10', 0)).toBe('2026-03-10');
  });
});

describe('the decision clock (Policyholder Protection Rule 2A.8)', () => {
  // Thursday 26 November 2026, 10:00 in South Africa.
  const now = new Date('2026-11-26T08:00:00Z');
  const submittedWithFour = submit({ documents: fourDocuments, input: { ...input, claimAmount: '20000.00' } });
  const verify = (given: ClaimEvent[], documentId: string) => {
    const state = given.reduce(evolveClaim, initialClaimState);
    return decideReviewDocument(state, { companyId: 'c1', documentId, to: 'verified', note: null, now });
  };
  const move = (given: ClaimEvent[], to: ClaimStatus) =>
    decideChangeClaimStatus(given.reduce(evolveClaim, initialClaimState), { companyId: 'c1', to, note: null, today: '2026-11-26', now });
  const threeVerified = [...submittedWithFour, ...fourDocuments.slice(0, 3).map((d) => reviewed(d.documentId))];
  const clockStarted = (decisionDueAt: string, businessDays: number): ClaimEvent => ({
    type: 'ClaimDecisionClockStarted',
    data: { claimId: 'k1', companyId: 'c1', startedAt: now.toISOString(), decisionDueAt, businessDays },
  });

  it('does not start while a form document is unverified', () => {
    expect(verify(submittedWithFour, 'doc1').map((e) => e.type)).toEqual(['ClaimDocumentReviewed']);
  });

  it('starts when the last form document is verified: due 2 business days later at the same time (Thursday → Monday)', () => {
    expect(verify(threeVerified, 'doc4')).toEqual([reviewed('doc4'), clockStarted('2026-11-30T08:00:00.000Z', 2)]);
  });

  it('gives 16 business days when the claim went to the underwriter before its documents were verified', () => {
    const sent = [...threeVerified, ...move(threeVerified, 'sent_to_underwriter')];
    // 16 business days from Thursday 26 November: over the Day of Reconciliation (16 Dec), due Monday 21 December.
    expect(verify(sent, 'doc4')[1]).toEqual(clockStarted('2026-12-21T08:00:00.000Z', 16));
  });

  it('extends a running clock by 14 business days from its deadline when the claim goes to the underwriter, once', () => {
    const running = [...threeVerified, ...verify(threeVerified, 'doc4')];
    const events = move(running, 'sent_to_underwriter');
    expect(events.map((e) => e.type)).toEqual(['ClaimStatusChanged', 'ClaimDecisionDeadlineExtended']);
    // Monday 30 November + 14 business days, the Day of Reconciliation skipped: Monday 21 December, as if sent before.
    expect(events[1]).toMatchObject({
      data: { decisionDueAt: '2026-12-21T08:00:00.000Z', businessDays: 14, reason: 'sent_to_underwriter' },
    });
    const state = [...running, ...events].reduce(evolveClaim, initialClaimState);
    expect(state.status !== 'none' && state.clock?.dueAt).toBe('2026-12-21T08:00:00.000Z');
  });

  it('does not start for a claim already decided', () => {
    const rejected = [...threeVerified, ...move(threeVerified, 'under_review')];
    const decided = [
      ...rejected,
      ...decideChangeClaimStatus(rejected.reduce(evolveClaim, initialClaimState), {
        companyId: 'c1',
        to: 'rejected',
        note: null,
        today: '2026-11-26',
        now,
        rejectionReason: 'fraud_suspected',
      }),
    ];
    expect(verify(decided, 'doc4').map((e) => e.type)).toEqual(['ClaimDocumentReviewed']);
  });
});

describe('disputing a claim (14 more business days, PPR rule 2A.8)', () => {
  const now = new Date('2026-11-26T08:00:00Z');
  const base = submit({ documents: fourDocuments, input: { ...input, claimAmount: '20000.00' } });
  const running: ClaimEvent[] = [
    ...base,
    ...fourDocuments.map((d) => reviewed(d.documentId)),
    {
      type: 'ClaimDecisionClockStarted',
      data: { claimId: 'k1', companyId: 'c1', startedAt: now.toISOString(), decisionDueAt: '2026-11-30T08:00:00.000Z', businessDays: 2 },
    },
  ];
  const dispute = scenario(
    { initialState: initialClaimState, evolve: evolveClaim },
    (command: { companyId: string; reason: string }, state) => decideDisputeClaim(state, command),
    ctx,
  );
  const disputed: ClaimEvent = { type: 'ClaimDisputed', data: { claimId: 'k1', companyId: 'c1', reason: 'Two wives claim the benefit' } };

  it('extends a running clock by 14 business days from its deadline', () => {
    dispute
      .given(running)
      .when({ companyId: 'c1', reason: 'Two wives claim the benefit' })
      .then([
        disputed,
        {
          type: 'ClaimDecisionDeadlineExtended',
          data: { claimId: 'k1', companyId: 'c1', decisionDueAt: '2026-12-21T08:00:00.000Z', businessDays: 14, reason: 'disputed' },
        },
      ]);
  });

  it('before the clock starts, only records the dispute: the clock will start with 16 business days', () => {
    dispute.given(base).when({ companyId: 'c1', reason: 'Two wives claim the benefit' }).then([disputed]);
    const state = [...base, disputed].reduce(evolveClaim, initialClaimState);
    expect(state.status !== 'none' && state.extendedFor).toBe('disputed');
  });

  it('does not extend twice: disputed after the underwriter, or a second dispute', () => {
    const sent: ClaimEvent[] = [
      ...running,
      { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from: 'submitted', to: 'sent_to_underwriter', note: null } },
    ];
    dispute.given(sent).when({ companyId: 'c1', reason: 'Two wives claim the benefit' }).then([disputed]);
    dispute
      .given([...running, disputed])
      .when({ companyId: 'c1', reason: 'Again' })
      .thenThrows('RULE_VIOLATED', 'The claim is already marked as disputed.');
  });

  it('refuses a decided claim', () => {
    const rejected: ClaimEvent[] = [
      ...running,
      { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from: 'submitted', to: 'under_review', note: null } },
      { type: 'ClaimStatusChanged', data: { claimId: 'k1', companyId: 'c1', from: 'under_review', to: 'rejected', note: null } },
    ];
    dispute
      .given(rejected)
      .when({ companyId: 'c1', reason: 'Two wives claim the benefit' })
      .thenThrows('RULE_VIOLATED', 'Only a claim waiting for a decision can be marked as disputed.');
  });
});
