import { describe, expect, it } from 'vitest';
import { claimSchemaOn, luhnCheckDigit, type DeathType, type LifeDates } from '../validation/index.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies/policies.state.ts';
import type { PolicyEvent } from '../policies/policies.events.ts';
import { decideSubmitClaim } from './commands/submit-claim.ts';
import type { ClaimFlags } from './claims.events.ts';

/*
 * Issue #22, rule 2A.6: a claim is checked against the deceased life's own waiting period for the manner
 * of death — given the policy and the life's dates, when the claim is submitted, then its flags.
 */

const TODAY = '2027-06-30';
const saId = (prefix12: string) => `${prefix12}${luhnCheckDigit(prefix12)}`;

/** Natural 6 months on the policy (a 12-month type is capped at 6 per life); suicide 12. */
const policy = (waitingPeriod = 6): PolicyState => ({
  status: 'active',
  policyId: 'p1',
  companyId: 'c1',
  memberId: 'm1',
  policyNumber: 'POL-2026-000001',
  startDate: '2026-01-15',
  waitingPeriod,
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
});

const claim = (death: string, deathType?: DeathType) =>
  claimSchemaOn(TODAY).parse({
    policyId: 'p1',
    deceasedFirstName: 'Themba',
    deceasedLastName: 'Mthembu',
    deceasedSaId: saId('700505500908'),
    deceasedDateOfBirth: '1970-05-05',
    deceasedDateOfDeath: death,
    causeOfDeath: 'As the certificate says',
    ...(deathType ? { deathType } : {}),
    deathCertificateNumber: 'DC1',
    claimantFirstName: 'Zanele',
    claimantLastName: 'Mthembu',
    claimantSaId: saId('950101000108'),
    claimantPhone: '0821112222',
    claimantEmail: 'z@example.co.za',
    claimantAddress: '3 Church Street',
    relationshipToDeceased: 'Daughter',
    claimAmount: '10000',
    bankAccountNumber: '123',
    bankName: 'Capitec',
    bankBranchCode: '470010',
    accountHolderName: 'Z Mthembu',
    deceasedIdDocument: '/objects/1',
    claimantIdDocument: '/objects/2',
    deathCertificateDocument: '/objects/3',
    bankLetterDocument: '/objects/4',
  });

const MAIN: LifeDates = { addedOn: null, priorCover: null };

function flagsOf(death: string, deathType: DeathType | undefined, life: LifeDates = MAIN, waitingPeriod = 6): ClaimFlags {
  const [event] = decideSubmitClaim({
    claimId: 'k1',
    companyId: 'c1',
    claimNumber: '',
    input: claim(death, deathType),
    policy: policy(waitingPeriod),
    memberName: 'Themba Mthembu',
    deceasedOnPolicy: true,
    life,
    suicideWaitingMonths: 12,
    documents: [],
    today: TODAY,
  });
  if (event?.type !== 'ClaimSubmitted') throw new Error('no claim');
  return event.data.flags;
}

describe('the deceased life’s own waiting period', () => {
  it('natural death within the wait: flagged, the wait ends 6 months after the policy start', () => {
    expect(flagsOf('2026-07-14', 'natural')).toMatchObject({
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: '2026-07-15',
      deathType: 'natural',
      waitingRule: 'natural',
      lifeJoinedOn: '2026-01-15',
    });
  });

  it('natural death on the day the wait ends: not flagged', () => {
    expect(flagsOf('2026-07-15', 'natural')).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: '2026-07-15' });
  });

  it('a client that sends no manner of death is checked as a natural death', () => {
    expect(flagsOf('2026-07-14', undefined)).toMatchObject({ withinWaitingPeriod: true, deathType: 'natural', waitingRule: 'natural' });
  });

  it('a type with a 12-month waiting period still waits at most 6 months for a natural death (rule 2A.6)', () => {
    expect(flagsOf('2026-07-15', 'natural', MAIN, 12)).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: '2026-07-15' });
  });

  it('accidental death on day one: no wait, not flagged', () => {
    expect(flagsOf('2026-01-15', 'accidental')).toMatchObject({
      withinWaitingPeriod: false,
      waitingPeriodEndsOn: '2026-01-15',
      deathType: 'accidental',
      waitingRule: 'accidental_none',
    });
  });

  it('suicide within the type’s suicide wait (12 months): flagged, though past the natural wait', () => {
    expect(flagsOf('2026-12-01', 'suicide')).toMatchObject({
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: '2027-01-15',
      deathType: 'suicide',
      waitingRule: 'suicide',
    });
  });

  it('suicide after the suicide wait: not flagged', () => {
    expect(flagsOf('2027-01-15', 'suicide')).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: '2027-01-15' });
  });

  it('a family life added after the policy start waits from the day it was added', () => {
    const spouse: LifeDates = { addedOn: '2026-05-20', priorCover: null };
    // Past the policy's own wait (2026-07-15), still inside the spouse's (2026-11-20).
    expect(flagsOf('2026-09-01', 'natural', spouse)).toMatchObject({
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: '2026-11-20',
      lifeJoinedOn: '2026-05-20',
    });
    expect(flagsOf('2026-11-20', 'natural', spouse).withinWaitingPeriod).toBe(false);
  });

  it('a family life registered before the policy started waits from the policy start', () => {
    expect(flagsOf('2026-07-15', 'natural', { addedOn: '2025-12-01', priorCover: null })).toMatchObject({
      withinWaitingPeriod: false,
      lifeJoinedOn: '2026-01-15',
    });
  });

  it('prior cover that ended 31 days before the life joined counts: 4 months off the 6', () => {
    const spouse: LifeDates = { addedOn: '2026-05-20', priorCover: { months: 4, endedOn: '2026-04-19' } };
    expect(flagsOf('2026-07-20', 'natural', spouse)).toMatchObject({
      withinWaitingPeriod: false,
      waitingPeriodEndsOn: '2026-07-20',
      priorCoverMonths: 4,
    });
    expect(flagsOf('2026-07-19', 'natural', spouse).withinWaitingPeriod).toBe(true);
  });

  it('prior cover of more months than the wait leaves no wait, and shortens a suicide wait too', () => {
    const life: LifeDates = { addedOn: null, priorCover: { months: 36, endedOn: '2026-01-10' } };
    expect(flagsOf('2026-01-15', 'natural', life)).toMatchObject({ withinWaitingPeriod: false, priorCoverMonths: 6 });
    expect(flagsOf('2026-01-15', 'suicide', life)).toMatchObject({ withinWaitingPeriod: false, priorCoverMonths: 12 });
  });

  it('prior cover that ended 32 days before the life joined does not count', () => {
    const spouse: LifeDates = { addedOn: '2026-05-20', priorCover: { months: 4, endedOn: '2026-04-18' } };
    expect(flagsOf('2026-07-20', 'natural', spouse)).toMatchObject({
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: '2026-11-20',
      priorCoverMonths: 0,
    });
  });

  it('refuses a manner of death it does not know, with the form’s words', () => {
    expect(() => claim('2026-07-14', 'murder' as DeathType)).toThrow('Choose the manner of death: natural, accidental or suicide');
  });
});

describe('cover per life and an increase still waiting (issue #22)', () => {
  const submit = (death: string, deathType: DeathType, state: PolicyState) => {
    const [event] = decideSubmitClaim({
      claimId: 'k1',
      companyId: 'c1',
      claimNumber: '',
      input: claim(death, deathType),
      policy: state,
      memberName: 'Themba Mthembu',
      deceasedOnPolicy: true,
      life: MAIN,
      lifeMemberId: 'm1',
      suicideWaitingMonths: 12,
      documents: [],
      today: TODAY,
    });
    return (event!.data as { flags: ClaimFlags }).flags;
  };
  const raised: Extract<PolicyState, { policyId: string }> = {
    ...(policy() as Extract<PolicyState, { policyId: string }>),
    coverageAmount: '30000',
    benefits: [{ relationship: 'main_member', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '150' }],
    lives: [
      { memberId: 'm1', relationship: 'main_member', ageAtEntry: 55, coverAmount: '30000', monthlyPremium: '150', joinedOn: '2026-01-15' },
    ],
    increases: [{ memberId: 'm1', fromCover: '8000', toCover: '30000', waitingEndsOn: '2027-03-01' }],
  };

  it('pays the cover before the increase for a natural death while the increase waits, and the full cover after', () => {
    expect(submit('2027-02-10', 'natural', raised)).toMatchObject({
      withinWaitingPeriod: false,
      coverageAmount: '8000',
      exceedsCover: true,
      increaseWaiting: { fromCover: '8000', toCover: '30000', waitingEndsOn: '2027-03-01' },
    });
    const after = submit('2027-03-01', 'natural', raised);
    expect(after).toMatchObject({ coverageAmount: '30000', exceedsCover: false });
    expect(after.increaseWaiting).toBeUndefined();
  });

  it('an accidental death pays the full cover at once, increase or not', () => {
    expect(submit('2027-02-10', 'accidental', raised)).toMatchObject({ coverageAmount: '30000' });
  });

  it('reads the life’s own cover on a policy with a benefit table', () => {
    const spouseOnly = { ...raised, increases: [], lives: [{ ...raised.lives[0]!, coverAmount: '12000' }] };
    expect(submit('2027-02-10', 'natural', spouseOnly)).toMatchObject({ coverageAmount: '12000', exceedsCover: false });
  });
});

describe("the suicide wait is the policy's own terms, not its type's today (issue #22)", () => {
  const issued = (suicideWaitingMonths?: number): PolicyEvent => ({
    type: 'PolicyIssued',
    data: {
      policyId: 'p1',
      companyId: 'c1',
      policyNumber: 'POL-2026-000001',
      memberId: 'm1',
      policyTypeId: 'pt1',
      coverageAmount: '20000.00',
      monthlyPremium: '100.00',
      waitingPeriod: 6,
      startDate: '2026-01-15',
      agentId: null,
      ...(suicideWaitingMonths !== undefined ? { suicideWaitingMonths } : {}),
    },
  });
  const changed = (suicideWaitingMonths?: number): PolicyEvent => ({
    type: 'PolicyTypeChanged',
    data: {
      policyId: 'p1',
      companyId: 'c1',
      fromPolicyTypeId: 'pt1',
      toPolicyTypeId: 'pt2',
      changedOn: '2026-03-01',
      coverageAmount: '20000.00',
      monthlyPremium: '100.00',
      benefits: null,
      lives: [],
      increases: [],
      ...(suicideWaitingMonths !== undefined ? { suicideWaitingMonths } : {}),
    },
  });
  /** A suicide 13 months after the start; `typeMonths`: the wait the claim is told when the policy's terms say none. */
  const suicide = (given: PolicyEvent[], typeMonths: number) => {
    const [event] = decideSubmitClaim({
      claimId: 'k1',
      companyId: 'c1',
      claimNumber: '',
      input: claim('2027-02-20', 'suicide'),
      policy: given.reduce(evolvePolicy, initialPolicyState),
      memberName: 'Themba Mthembu',
      deceasedOnPolicy: true,
      life: MAIN,
      suicideWaitingMonths: typeMonths,
      documents: [],
      today: TODAY,
    });
    return (event!.data as { flags: ClaimFlags }).flags;
  };

  it('given a policy issued under a 24-month suicide wait, when its type is cut to none later, the claim still waits 24 months', () => {
    expect(suicide([issued(24)], 0)).toMatchObject({
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: '2028-01-15',
      waitingRule: 'suicide',
    });
  });

  it('given a change to a type with a 6-month suicide wait, the new terms decide', () => {
    expect(suicide([issued(24), changed(6)], 24)).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: '2026-07-15' });
  });

  it('given a policy issued before its terms carried the wait, the type as it stood then decides (the command says it)', () => {
    expect(suicide([issued()], 24)).toMatchObject({ withinWaitingPeriod: true, waitingPeriodEndsOn: '2028-01-15' });
    expect(suicide([issued(24), changed()], 0)).toMatchObject({ withinWaitingPeriod: false, waitingPeriodEndsOn: '2026-01-15' });
  });
});
