import type { AccountType, BankId, BenefitRow, LifeRelationship, MandateStatus, PolicyStatus, Relationship } from '../validation/index.ts';
import type { PiiMarking } from '../event-store/types.ts';
import { memberSubjectId } from '../members/members.events.ts';

/**
 * A policy issued to a principal member on a policy type. The terms are copied at issue: a later
 * change of the policy type does not change a policy already written.
 */
export type PolicyIssued = {
  type: 'PolicyIssued';
  data: {
    policyId: string;
    companyId: string;
    policyNumber: string;
    memberId: string;
    policyTypeId: string;
    coverageAmount: string;
    monthlyPremium: string;
    waitingPeriod: number;
    /** ISO date the cover starts (the waiting period runs from here). */
    startDate: string;
    /**
     * Issue #22: the type's wait for a suicide, in months, copied at issue like the benefit table, so a
     * later change to the type does not change this policy's terms. Absent in events recorded before: the
     * claim reads the type as it stood when the event was recorded (suicideWaitingMonthsOfTerms).
     */
    suicideWaitingMonths?: number;
    /** The sales agent who wrote it, when one did. */
    agentId: string | null;
    /** The day of the month its premium is due (1–31; a day past a month's end is its last day). Absent before issue #20: the 1st. */
    debitDay?: number;
    /**
     * A policy migrated from another system (issue #20): the date its premiums were paid up to there, an
     * opening balance rather than payments (none is in the payments list). Every premium due on or before
     * it counts as paid (premium-ledger.ts, openingPaidUpTo); absent: nothing was paid before issue.
     */
    paidUpTo?: string;
    /**
     * Rule 2A.9 (issue #20): a new policy for a person whose policy lapsed within the last 2 months carries
     * over only the unexpired part of the old waiting period: the policy it came from, the lapse, and the
     * months of the old waiting period not yet served at the lapse (waitingPeriod is at most that).
     */
    waitingCarriedOver?: { fromPolicyId: string; fromPolicyNumber: string; lapsedOn: string; unexpiredMonths: number };
    /**
     * Issue #22: the type's benefit table, copied at issue, and the lives it covers from the start, each
     * priced from it; monthlyPremium is then the sum of the lives' premiums. Absent: a type without a
     * table (one cover, one premium for the policy).
     */
    benefits?: BenefitRow[];
    lives?: CoveredLife[];
  };
};

/** A life on a policy with a benefit table (issue #22): its own cover and premium, priced at its age on joining. */
export type CoveredLife = {
  memberId: string;
  relationship: LifeRelationship;
  ageAtEntry: number;
  coverAmount: string;
  monthlyPremium: string;
  /** ISO date: the life's waiting period runs from here. */
  joinedOn: string;
};

/**
 * A life joined a policy with a benefit table (a family member registered under its main member):
 * the policy's premium from `joinedOn` on is `monthlyPremium` (the sum of its lives).
 */
export type PolicyLifeAdded = {
  type: 'PolicyLifeAdded';
  data: { policyId: string; companyId: string; life: CoveredLife; monthlyPremium: string };
};

/**
 * A life left a policy with a benefit table (removed from the family, or deleted): its premium stops from `removedOn`.
 * Issue #22: `reason` 'deceased' when an approved death claim (`claimId`) ended the life's cover: it died on `diedOn`
 * and its premium stops from the day after; the life stays on the page as deceased, cover and premium 0. Absent: removed.
 */
export type PolicyLifeRemoved = {
  type: 'PolicyLifeRemoved';
  data: {
    policyId: string;
    companyId: string;
    memberId: string;
    removedOn: string;
    monthlyPremium: string;
    reason?: 'removed' | 'deceased';
    claimId?: string;
    diedOn?: string;
  };
};

/**
 * Issue #22: the main member died (an approved death claim, `claimId`) on a policy whose type continues with
 * the spouse: the surviving spouse `toMemberId` holds the policy from `succeededOn` (the day after the death);
 * the policy goes on at the premium of the lives left (the main member's life leaves it in the same append).
 */
export type PolicyHolderSucceeded = {
  type: 'PolicyHolderSucceeded';
  data: {
    policyId: string;
    companyId: string;
    fromMemberId: string;
    toMemberId: string;
    claimId: string;
    diedOn: string;
    succeededOn: string;
  };
};

/**
 * Staff's switch on /policies (spec part 1 §4): lapse, cancel, or set a cancelled policy active again.
 * A lapsed policy set active again is a reinstatement (PolicyReinstated, reason staff_decision) since
 * issue #20. `changedOn` is the South African day of the change (absent before issue #20: the day it
 * was recorded).
 */
export type PolicyStatusChanged = {
  type: 'PolicyStatusChanged';
  data: { policyId: string; companyId: string; from: PolicyStatus; to: PolicyStatus; note: string | null; changedOn?: string };
};

/** One premium the calendar found unpaid after its due date (issue #20). */
export type MissedPremiumData = { period: string; dueDate: string; unpaid: string };

/**
 * Rule 15A of the Policyholder Protection Rules: the policyholder is told of a missed premium within 15
 * days of its due date. Issued by the daily run on the first run after the due date; the text is what
 * the policyholder is sent (the notifications issue sends it; until then it is recorded and shown).
 */
export type NonPaymentNoticeIssued = {
  type: 'NonPaymentNoticeIssued';
  data: {
    policyId: string;
    companyId: string;
    policyNumber: string;
    /** The South African day of the run that issued it. */
    issuedOn: string;
    /** The premiums it tells of (not told before), oldest first. */
    missed: MissedPremiumData[];
    /** Everything unpaid on the policy that day (rand). */
    arrears: string;
    /** The last day of cover unless paid (grace). */
    graceEndsOn: string;
    channel: 'sms' | 'email' | 'post';
    /** Where it goes: the phone number or e-mail address; null for post (the member's address is on the member). */
    to: string | null;
    text: string;
  };
};

/** The policy lapsed by itself: the grace of its N-th missed premium ended unpaid (issue #20). */
export type PolicyLapsed = {
  type: 'PolicyLapsed';
  data: {
    policyId: string;
    companyId: string;
    lapsedOn: string;
    reason: 'non_payment';
    /** The missed premium whose grace ended. */
    period: string;
    graceEndedOn: string;
    graceDays: number;
    missed: number;
    arrears: string;
  };
};

/**
 * Rule 2A.9: a lapsed policy reinstated — its arrears paid within the window (by the daily run), or a
 * staff decision within it — continues on the same terms, with no new waiting period.
 */
export type PolicyReinstated = {
  type: 'PolicyReinstated';
  data: {
    policyId: string;
    companyId: string;
    reinstatedOn: string;
    lapsedOn: string;
    reason: 'arrears_paid' | 'staff_decision';
    note: string | null;
  };
};

/**
 * The policy's debit-order mandate set or replaced (issue #21): the whole mandate each time. A new one
 * lifts a suspension (the clerk captured new bank details). accountHolder and accountNumber are the
 * main member's personal data (policyPii).
 */
export type DebitMandateSet = {
  type: 'DebitMandateSet';
  data: {
    policyId: string;
    companyId: string;
    memberId: string;
    accountHolder: string;
    bank: BankId;
    branchCode: string;
    accountNumber: string;
    accountType: AccountType;
    debitDay: number;
    mandateReference: string;
    debiCheck: boolean;
    status: MandateStatus;
  };
};

/**
 * The bank answered a debit with an unpaid code that stops the mandate (12 account closed, 26 no such
 * account, 60 mandate blocked): no debit is sent on it until a new mandate is set.
 */
export type DebitMandateSuspended = {
  type: 'DebitMandateSuspended';
  data: { policyId: string; companyId: string; unpaidCode: string; reason: string; suspendedOn: string; batchId: string };
};

/** One beneficiary as nominated: names, ID number and phone are personal data (beneficiariesPii). */
export type NominatedBeneficiary = {
  firstName: string;
  lastName: string;
  /** SA ID or passport number, spaces removed and in capitals; null when none was given. */
  idNumber: string | null;
  relationship: Relationship;
  /** SA phone without spaces; null when none was given. */
  phone: string | null;
  /** Percent of the benefit with two places ('50.00'); the shares add up to 100. */
  share: string;
};

/**
 * The policy's beneficiaries nominated or changed (issue #22): the whole set each time, in the order the
 * clerk listed them. A cancelled or lapsed policy may still change them (a claim may be under way).
 */
export type BeneficiariesNominated = {
  type: 'BeneficiariesNominated';
  data: { policyId: string; companyId: string; memberId: string; beneficiaries: NominatedBeneficiary[] };
};

/**
 * Issue #22: an active policy moved to another of the company's policy types from `changedOn`: the new
 * type's cover and premium (its benefit table, copied, with the lives repriced at their ages that day),
 * the premium owed from the next due date on. A life whose cover went up waits again for the increase
 * only (Policyholder Protection Rules 2A.6): until `waitingEndsOn` a natural death pays the old cover.
 */
export type PolicyTypeChanged = {
  type: 'PolicyTypeChanged';
  data: {
    policyId: string;
    companyId: string;
    fromPolicyTypeId: string;
    toPolicyTypeId: string;
    changedOn: string;
    coverageAmount: string;
    monthlyPremium: string;
    benefits: BenefitRow[] | null;
    lives: CoveredLife[];
    increases: CoverIncrease[];
    /** The new type's suicide wait, copied as at issue; absent before issue #22's terms: as PolicyIssued's. */
    suicideWaitingMonths?: number;
  };
};

/** A life's cover raised by a change of type; `memberId` null: the policy's one cover (a type without a table). */
export type CoverIncrease = { memberId: string | null; fromCover: string; toCover: string; waitingEndsOn: string };

export type PolicyEvent =
  | PolicyIssued
  | PolicyStatusChanged
  | NonPaymentNoticeIssued
  | PolicyLapsed
  | PolicyReinstated
  | DebitMandateSet
  | DebitMandateSuspended
  | BeneficiariesNominated
  | PolicyLifeAdded
  | PolicyLifeRemoved
  | PolicyHolderSucceeded
  | PolicyTypeChanged;

export const policyStreamId = (policyId: string) => `policy-${policyId}`;

/** The bank details of a mandate are the main member's personal data: sealed with the member's key. */
export function mandatePii(event: PolicyEvent): PiiMarking[] | undefined {
  return event.type === 'DebitMandateSet'
    ? [{ subjectId: memberSubjectId(event.data.memberId), fields: ['accountHolder', 'accountNumber'] }]
    : undefined;
}

/** A beneficiary's personal fields, each sealed on its own so the shares and relationships stay readable. */
export const BENEFICIARY_PERSONAL_FIELDS = ['firstName', 'lastName', 'idNumber', 'phone'] as const;

/**
 * As the mandate's bank details: the beneficiaries are named by the main member, so their personal data
 * is sealed with the member's key and erased with the member.
 */
export function beneficiariesPii(event: PolicyEvent): PiiMarking[] | undefined {
  if (event.type !== 'BeneficiariesNominated') return undefined;
  const fields = event.data.beneficiaries.flatMap((_b, i) => BENEFICIARY_PERSONAL_FIELDS.map((field) => `beneficiaries.${i}.${field}`));
  return [{ subjectId: memberSubjectId(event.data.memberId), fields }];
}
