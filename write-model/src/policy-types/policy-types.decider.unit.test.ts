import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { fold } from '../command-handling/decider.ts';
import { deciderScenario } from '../command-handling/given-when-then.ts';
import type { Decider } from '../command-handling/decider.ts';
import { policyTypeSchema, type PolicyTypeFormValues } from '../validation/index.ts';
import { decideCreatePolicyType, type CreatePolicyType } from './commands/create-policy-type.ts';
import { decideUpdatePolicyType, type UpdatePolicyType } from './commands/update-policy-type.ts';
import { POLICY_TYPE_NOT_FOUND } from './policy-types.decider.ts';
import type { PolicyTypeCreated, PolicyTypeEvent, PolicyTypeUpdated } from './policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from './policy-types.state.ts';

/** The policy type's two commands, each deciding in its own file, as one decider for these scenarios. */
const policyTypeDecider: Decider<CreatePolicyType | UpdatePolicyType, PolicyTypeState, PolicyTypeEvent> = {
  initialState: initialPolicyTypeState,
  evolve: evolvePolicyType,
  decide: (command, state) =>
    command.type === 'CreatePolicyType' ? decideCreatePolicyType(state, command) : decideUpdatePolicyType(state, command),
};

const ctx: CommandContext = {
  now: new Date('2026-03-31T23:30:00Z'),
  newId: () => 'id-1',
  actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd-1',
};

const terms = (input: PolicyTypeFormValues) => policyTypeSchema.parse(input);

const basic = terms({
  name: 'Basic Funeral',
  description: 'Family cover',
  coverageAmount: '50000',
  monthlyPremium: '299',
  waitingPeriod: 6,
});

/** What a type's events carry since issue #20 when the input leaves the calendar's rules out. */
const DEFAULT_RULES = {
  graceDays: 15,
  lapseAfterMissed: 1,
  reinstatementMonths: 3,
  suicideWaitingMonths: 12,
  onMainMemberDeath: 'end_policy' as const,
};

const created: PolicyTypeCreated = {
  type: 'PolicyTypeCreated',
  data: {
    policyTypeId: 'pt-1',
    companyId: 'c1',
    name: 'Basic Funeral',
    description: 'Family cover',
    coverageAmount: '50000',
    monthlyPremium: '299',
    waitingPeriod: 6,
    isActive: true,
    ...DEFAULT_RULES,
  },
};

const policyTypes = deciderScenario(policyTypeDecider, ctx);

describe('CreatePolicyType', () => {
  it('given no events, when creating, then PolicyTypeCreated with the parsed terms', () => {
    policyTypes.given([]).when({ type: 'CreatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: basic }).then([created]);
  });

  it('copies the terms as parsed: numbers become decimal strings, a blank description null, isActive defaults true', () => {
    const parsed = terms({
      name: '  Premium Plan ',
      description: '   ',
      coverageAmount: 100000,
      monthlyPremium: '450.50',
      waitingPeriod: '0',
    });
    policyTypes
      .given([])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-2', companyId: 'c1', terms: parsed })
      .then([
        {
          type: 'PolicyTypeCreated',
          data: {
            policyTypeId: 'pt-2',
            companyId: 'c1',
            name: 'Premium Plan',
            description: null,
            coverageAmount: '100000',
            monthlyPremium: '450.50',
            waitingPeriod: 0,
            isActive: true,
            ...DEFAULT_RULES,
          },
        },
      ]);
  });

  it('creates an inactive policy type when asked', () => {
    const inactive = terms({ name: 'Old Plan', coverageAmount: '1000', monthlyPremium: '10', waitingPeriod: 24, isActive: false });
    const [event] = policyTypes
      .given([])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-3', companyId: 'c1', terms: inactive })
      .decided();
    expect(event?.data).toMatchObject({
      isActive: false,
      coverageAmount: '1000',
      monthlyPremium: '10',
      waitingPeriod: 24,
      description: null,
    });
  });

  it("records the calendar's rules as given (grace days, lapse after N missed, reinstatement window)", () => {
    const strict = terms({ ...basic, graceDays: '30', lapseAfterMissed: 3, reinstatementMonths: 0 });
    const [event] = policyTypes
      .given([])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-4', companyId: 'c1', terms: strict })
      .decided();
    expect(event?.data).toMatchObject({ graceDays: 30, lapseAfterMissed: 3, reinstatementMonths: 0 });
  });

  it('records the suicide waiting period as given, 12 months when left out (issue #22)', () => {
    const [given] = policyTypes
      .given([])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-5', companyId: 'c1', terms: terms({ ...basic, suicideWaitingMonths: '24' }) })
      .decided();
    expect(given?.data).toMatchObject({ suicideWaitingMonths: 24, waitingPeriod: 6 });
    const [absent] = policyTypes
      .given([])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-6', companyId: 'c1', terms: basic })
      .decided();
    expect(absent?.data).toMatchObject({ suicideWaitingMonths: 12 });
  });

  it("records the rule on the main member's death (issue #22): end_policy by default, a bad value refused", () => {
    const [given] = policyTypes
      .given([])
      .when({
        type: 'CreatePolicyType',
        policyTypeId: 'pt-7',
        companyId: 'c1',
        terms: terms({ ...basic, onMainMemberDeath: 'continue_with_spouse' }),
      })
      .decided();
    expect(given?.data).toMatchObject({ onMainMemberDeath: 'continue_with_spouse' });
    const [absent] = policyTypes
      .given([])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-8', companyId: 'c1', terms: basic })
      .decided();
    expect(absent?.data).toMatchObject({ onMainMemberDeath: 'end_policy' });
    const parsed = policyTypeSchema.safeParse({ ...basic, onMainMemberDeath: 'end-policy' });
    expect(parsed.error?.issues[0]?.message).toBe("Choose what the main member's death does: end the policy, or continue with the spouse");
  });

  it('refuses a suicide waiting period outside 0 to 24 whole months, and keeps the 24-month natural bound of the specification', () => {
    for (const bad of [-1, 25, 1.5, 'x']) {
      const parsed = policyTypeSchema.safeParse({ ...basic, suicideWaitingMonths: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Suicide waiting period must be 0 to 24 whole months');
    }
    expect(policyTypeSchema.safeParse({ ...basic, waitingPeriod: 24 }).success).toBe(true);
    expect(policyTypeSchema.safeParse({ ...basic, waitingPeriod: 25 }).error?.issues[0]?.message).toBe(
      'Waiting period cannot exceed 24 months',
    );
  });

  it('given the policy type exists, when creating it again, then ALREADY_EXISTS', () => {
    policyTypes
      .given([created])
      .when({ type: 'CreatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: basic })
      .thenThrows('ALREADY_EXISTS', 'This policy type already exists');
  });
});

describe('UpdatePolicyType', () => {
  const newTerms = terms({
    name: 'Basic Funeral Plus',
    coverageAmount: '60000',
    monthlyPremium: '349.99',
    waitingPeriod: 3,
    isActive: false,
  });
  const updated: PolicyTypeUpdated = {
    type: 'PolicyTypeUpdated',
    data: {
      policyTypeId: 'pt-1',
      companyId: 'c1',
      name: 'Basic Funeral Plus',
      description: null,
      coverageAmount: '60000',
      monthlyPremium: '349.99',
      waitingPeriod: 3,
      isActive: false,
      ...DEFAULT_RULES,
    },
  };

  it('given the policy type, when updating, then PolicyTypeUpdated with the whole new set of terms', () => {
    policyTypes.given([created]).when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: newTerms }).then([updated]);
  });

  it('given an updated policy type, when updating again, then the terms replace the last ones', () => {
    policyTypes
      .given([created, updated])
      .when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: basic })
      .then([{ type: 'PolicyTypeUpdated', data: { ...created.data } }]);
  });

  it("given a type with its own rules, when an older client updates without them, then the type's rules are kept", () => {
    const own = { graceDays: 21, lapseAfterMissed: 2, reinstatementMonths: 6 };
    policyTypes
      .given([{ type: 'PolicyTypeCreated', data: { ...created.data, ...own } }])
      .when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: newTerms })
      .then([{ type: 'PolicyTypeUpdated', data: { ...updated.data, ...own } }]);
  });

  it("given a type with a suicide wait, when an older client updates without it, then the type's wait is kept", () => {
    policyTypes
      .given([{ type: 'PolicyTypeCreated', data: { ...created.data, suicideWaitingMonths: 18 } }])
      .when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: newTerms })
      .then([{ type: 'PolicyTypeUpdated', data: { ...updated.data, suicideWaitingMonths: 18 } }]);
  });

  it('given a type created before issue #20 (no rules in its event), when updating, then the defaults are written', () => {
    const { graceDays: _g, lapseAfterMissed: _l, reinstatementMonths: _r, ...old } = created.data;
    policyTypes
      .given([{ type: 'PolicyTypeCreated', data: old }])
      .when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: { ...newTerms, lapseAfterMissed: 2 } })
      .then([{ type: 'PolicyTypeUpdated', data: { ...updated.data, ...DEFAULT_RULES, lapseAfterMissed: 2 } }]);
  });

  it('given no events, when updating, then NOT_FOUND', () => {
    policyTypes
      .given([])
      .when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c1', terms: newTerms })
      .thenThrows('NOT_FOUND', POLICY_TYPE_NOT_FOUND);
  });

  it("given another company's policy type, when updating, then NOT_FOUND with the same words as a missing one", () => {
    expect(POLICY_TYPE_NOT_FOUND).toBe('Policy type not found');
    policyTypes
      .given([created])
      .when({ type: 'UpdatePolicyType', policyTypeId: 'pt-1', companyId: 'c2', terms: newTerms })
      .thenThrows('NOT_FOUND', 'Policy type not found');
  });
});

describe('evolvePolicyType', () => {
  it('starts as none', () => {
    expect(fold(policyTypeDecider, [])).toEqual(initialPolicyTypeState);
    expect(initialPolicyTypeState).toEqual({ status: 'none' });
  });

  it('PolicyTypeCreated: the policy type exists with its company and terms', () => {
    expect(fold(policyTypeDecider, [created])).toEqual({ status: 'exists', ...created.data });
  });

  it('PolicyTypeUpdated: the new terms replace the old ones', () => {
    const updated: PolicyTypeUpdated = { type: 'PolicyTypeUpdated', data: { ...created.data, monthlyPremium: '320', isActive: false } };
    expect(fold(policyTypeDecider, [created, updated])).toEqual({
      status: 'exists',
      ...created.data,
      monthlyPremium: '320',
      isActive: false,
    });
  });
});
