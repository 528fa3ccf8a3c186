import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { fold } from '../command-handling/decider.ts';
import { outcome, scenario } from '../command-handling/given-when-then.ts';
import type { PolicyEvent } from '../policies/policies.events.ts';
import { POLICY_TRANSITIONS } from '../validation/index.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies/policies.state.ts';
import type { PolicyTypeEvent } from '../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../policy-types/policy-types.state.ts';
import {
  editFamilyMemberSchemaOn,
  editMemberSchemaOn,
  MEMBER_MESSAGES,
  luhnCheckDigit,
  memberSchemaOn,
  type EditMemberFormValues,
  type MemberFormValues,
} from '../validation/index.ts';
import { ACTIVE_POLICY_BLOCKS_DELETE, decideDeleteMember } from './commands/delete-member.ts';
import { decideUpdateFamilyMember, decideUpdateMember, ONLY_FAMILY_MEMBERS, ONLY_MAIN_MEMBERS_EDITABLE } from './commands/update-member.ts';
import {
  MAIN_MEMBER_NOT_FOUND,
  MEMBER_NOT_FOUND,
  POLICY_TYPE_INACTIVE,
  decideRegisterMember,
  southAfricanDate,
  type RegisterMember,
} from './members.decider.ts';
import type { MemberEvent, MemberRegistered } from './members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from './members.state.ts';
const editMemberSchema = editMemberSchemaOn('2026-04-01');
const memberSchema = memberSchemaOn('2026-04-01');

const ctx: CommandContext = {
  now: new Date('2026-03-31T23:30:00Z'), // already 2026-04-01 01:30 in South Africa
  newId: () => 'id-1',
  actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd-1',
};

const saId = (prefix12: string) => prefix12 + String(luhnCheckDigit(prefix12));
const SIPHO_ID = saId('800101500908');
const LERATO_ID = saId('150720012308');

const memberFolder = { initialState: initialMemberState, evolve: evolveMember };
const member = (events: MemberEvent[]): MemberState => fold(memberFolder, events);
const policyType = (events: PolicyTypeEvent[]) => fold({ initialState: initialPolicyTypeState, evolve: evolvePolicyType }, events);
const policy = (events: PolicyEvent[]): PolicyState => fold({ initialState: initialPolicyState, evolve: evolvePolicy }, events);

const principalForm: MemberFormValues = {
  firstName: 'Sipho',
  lastName: 'Dlamini',
  identifierType: 'saId',
  saId: SIPHO_ID,
  email: 'sipho@example.co.za',
  phone: '082 123 4567',
  address: '12 Vilakazi Street',
  city: 'Soweto',
  province: 'GP',
  postalCode: '1804',
  dateOfBirth: '1980-01-01',
  isMainMember: true,
};
const familyForm: MemberFormValues = {
  firstName: 'Lerato',
  lastName: 'Dlamini',
  identifierType: 'saId',
  saId: LERATO_ID,
  isMainMember: false,
  mainMemberId: 'm-1',
  relationship: 'child',
};
const parse = (form: MemberFormValues) => memberSchema.parse(form);

/** What the member form's principal becomes in MemberRegistered (no policy). */
const principalRegistered = (memberId: string, companyId = 'c1'): MemberRegistered => ({
  type: 'MemberRegistered',
  data: {
    memberId,
    companyId,
    isMainMember: true,
    mainMemberId: null,
    relationship: null,
    otherRelationship: null,
    identifierType: 'saId',
    saId: SIPHO_ID,
    passportNumber: null,
    nationality: 'ZA',
    firstName: 'Sipho',
    lastName: 'Dlamini',
    email: 'sipho@example.co.za',
    phone: '0821234567',
    address: '12 Vilakazi Street',
    city: 'Soweto',
    province: 'GP',
    postalCode: '1804',
    dateOfBirth: '1980-01-01',
    policyId: null,
    source: 'manual',
  },
});
const familyRegistered = (memberId: string, mainMemberId = 'm-1'): MemberRegistered => ({
  type: 'MemberRegistered',
  data: {
    memberId,
    companyId: 'c1',
    isMainMember: false,
    mainMemberId,
    relationship: 'child',
    otherRelationship: null,
    identifierType: 'saId',
    saId: LERATO_ID,
    passportNumber: null,
    nationality: 'ZA',
    firstName: 'Lerato',
    lastName: 'Dlamini',
    email: null,
    phone: null,
    address: null,
    city: null,
    province: null,
    postalCode: null,
    dateOfBirth: null,
    policyId: null,
    source: 'manual',
  },
});
const familyAdded = (familyMemberId: string): MemberEvent => ({
  type: 'FamilyMemberAdded',
  data: { memberId: 'm-1', familyMemberId, companyId: 'c1' },
});
const familyRemoved = (familyMemberId: string): MemberEvent => ({
  type: 'FamilyMemberRemoved',
  data: { memberId: 'm-1', familyMemberId, companyId: 'c1' },
});
const deleted = (memberId: string): MemberEvent => ({ type: 'MemberDeleted', data: { memberId, companyId: 'c1' } });

const typeCreated = (companyId = 'c1', isActive = true): PolicyTypeEvent => ({
  type: 'PolicyTypeCreated',
  data: {
    policyTypeId: 'pt-1',
    companyId,
    name: 'Basic',
    description: null,
    coverageAmount: '50000',
    monthlyPremium: '299',
    waitingPeriod: 6,
    isActive,
  },
});
const typeUpdated: PolicyTypeEvent = {
  type: 'PolicyTypeUpdated',
  data: {
    policyTypeId: 'pt-1',
    companyId: 'c1',
    name: 'Basic',
    description: null,
    coverageAmount: '60000',
    monthlyPremium: '349.50',
    waitingPeriod: 3,
    isActive: true,
  },
};

/** When registering: the main member's and the policy type's streams are the "given". */
const whenRegistering = (form: MemberFormValues, given: { mainMember?: MemberEvent[] | null; policyType?: PolicyTypeEvent[] } = {}) => {
  const command: RegisterMember = {
    memberId: form.isMainMember === false ? 'm-2' : 'm-1',
    companyId: 'c1',
    input: parse(form),
    source: 'manual',
    mainMember: given.mainMember ? member(given.mainMember) : null,
    policy: given.policyType
      ? { policyId: 'p-1', policyNumber: 'POL-2026-000001', policyType: policyType(given.policyType), agentId: 'agent-7' }
      : null,
  };
  return outcome(() => decideRegisterMember(command, ctx));
};

describe('southAfricanDate', () => {
  it('is the calendar date at UTC+2: 23:30 UTC on 31 March is already 1 April', () => {
    expect(southAfricanDate(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(southAfricanDate(new Date('2026-03-31T21:59:59.999Z'))).toBe('2026-03-31');
    expect(southAfricanDate(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04-01');
    expect(southAfricanDate(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });
});

describe('RegisterMember: principals', () => {
  it('given nothing, when registering a principal without a policy, then only MemberRegistered', () => {
    whenRegistering(principalForm).then({ member: [principalRegistered('m-1')], mainMember: [], policy: [] });
  });

  it('given a policy type (since updated), when registering a principal with it, then PolicyIssued with the terms of that moment', () => {
    whenRegistering({ ...principalForm, policyTypeId: 'pt-1' }, { policyType: [typeCreated(), typeUpdated] }).then({
      member: [{ ...principalRegistered('m-1'), data: { ...principalRegistered('m-1').data, policyId: 'p-1' } }],
      mainMember: [],
      policy: [
        {
          type: 'PolicyIssued',
          data: {
            policyId: 'p-1',
            companyId: 'c1',
            policyNumber: 'POL-2026-000001',
            memberId: 'm-1',
            policyTypeId: 'pt-1',
            coverageAmount: '60000',
            monthlyPremium: '349.50',
            waitingPeriod: 3,
            startDate: '2026-04-01', // South African date of ctx.now, not the UTC one
            suicideWaitingMonths: 12, // the type's (a type saved before issue #22: the default), copied at issue
            agentId: 'agent-7',
          },
        },
      ],
    });
  });

  it('given a policy type, when registering a migrated policy (issue #20), then PolicyIssued starts at its inception with its debit day and paid-up-to date', () => {
    const form = { ...principalForm, policyTypeId: 'pt-1', inceptionDate: '2025-08-01', paidUpTo: '2025-12-31', debitDay: '25' };
    const {
      policy: [issued],
    } = whenRegistering(form, { policyType: [typeCreated()] }).decided();
    expect(issued?.data).toMatchObject({ startDate: '2025-08-01', debitDay: 25, paidUpTo: '2025-12-31', waitingPeriod: 6 });
  });

  it('given a policy type, when registering with a debit day alone, then the policy starts today on that debit day; without one, no debitDay is written (the 1st)', () => {
    const withDay = whenRegistering({ ...principalForm, policyTypeId: 'pt-1', debitDay: 31 }, { policyType: [typeCreated()] }).decided();
    expect(withDay.policy[0]?.data).toMatchObject({ startDate: '2026-04-01', debitDay: 31 });
    expect(withDay.policy[0]?.data).not.toHaveProperty('paidUpTo');
    const without = whenRegistering({ ...principalForm, policyTypeId: 'pt-1' }, { policyType: [typeCreated()] }).decided();
    expect(without.policy[0]?.data).not.toHaveProperty('debitDay');
  });

  it('given a paid-up-to date before the inception date, when registering, then VALIDATION_FAILED on paidUpTo', () => {
    const input = { ...parse({ ...principalForm, policyTypeId: 'pt-1' }), inceptionDate: '2025-08-01', paidUpTo: '2025-07-31' };
    const command: RegisterMember = {
      memberId: 'm-1',
      companyId: 'c1',
      input,
      source: 'bulk_import',
      mainMember: null,
      policy: { policyId: 'p-1', policyNumber: 'POL-2026-000001', policyType: policyType([typeCreated()]), agentId: null },
    };
    expect(() => decideRegisterMember(command, ctx)).toThrow('Paid-up-to date cannot be before the inception date');
  });

  it('given an inactive policy type, when registering with it, then RULE_VIOLATED on policyTypeId', () => {
    whenRegistering({ ...principalForm, policyTypeId: 'pt-1' }, { policyType: [typeCreated('c1', false)] }).thenThrows(
      'RULE_VIOLATED',
      POLICY_TYPE_INACTIVE,
      [{ path: ['policyTypeId'], message: POLICY_TYPE_INACTIVE }],
    );
  });

  it("given another company's policy type, when registering with it, then the same refusal as a missing one", () => {
    const notFound = [{ path: ['policyTypeId'], message: 'Policy type not found' }];
    whenRegistering({ ...principalForm, policyTypeId: 'pt-1' }, { policyType: [typeCreated('c2')] }).thenThrows(
      'VALIDATION_FAILED',
      'Policy type not found',
      notFound,
    );
    whenRegistering({ ...principalForm, policyTypeId: 'pt-1' }, { policyType: [] }).thenThrows(
      'VALIDATION_FAILED',
      'Policy type not found',
      notFound,
    );
  });

  it('upper-cases a passport number and keeps no SA ID', () => {
    const form: MemberFormValues = {
      ...principalForm,
      identifierType: 'passport',
      saId: SIPHO_ID,
      passportNumber: ' ab123456 ',
      nationality: 'zw',
    };
    const {
      member: [event],
    } = whenRegistering(form).decided();
    expect(event?.data).toMatchObject({ identifierType: 'passport', saId: null, passportNumber: 'AB123456', nationality: 'ZW' });
  });

  it('records where the member came from', () => {
    const command: RegisterMember = {
      memberId: 'm-1',
      companyId: 'c1',
      input: parse(principalForm),
      source: 'bulk_import',
      mainMember: null,
      policy: null,
    };
    expect(decideRegisterMember(command, ctx).member).toEqual([
      { ...principalRegistered('m-1'), data: { ...principalRegistered('m-1').data, source: 'bulk_import' } },
    ]);
  });
});

describe('RegisterMember: family members', () => {
  it('given an active principal, when registering a family member, then MemberRegistered and FamilyMemberAdded on the main member', () => {
    whenRegistering(familyForm, { mainMember: [principalRegistered('m-1')] }).then({
      member: [familyRegistered('m-2')],
      mainMember: [familyAdded('m-2')],
      policy: [],
    });
  });

  it("keeps 'other' with its words", () => {
    const {
      member: [event],
    } = whenRegistering(
      { ...familyForm, relationship: 'other', otherRelationship: 'Cousin' },
      { mainMember: [principalRegistered('m-1')] },
    ).decided();
    expect(event?.data).toMatchObject({ relationship: 'other', otherRelationship: 'Cousin' });
  });

  it('ignores a policy type for a family member: no policy is issued', () => {
    whenRegistering(
      { ...familyForm, policyTypeId: 'pt-1' },
      { mainMember: [principalRegistered('m-1')], policyType: [typeCreated()] },
    ).then({
      member: [familyRegistered('m-2')],
      mainMember: [familyAdded('m-2')],
      policy: [],
    });
  });

  const refusedMain = (given: MemberEvent[] | null) =>
    whenRegistering(familyForm, { mainMember: given }).thenThrows('VALIDATION_FAILED', MAIN_MEMBER_NOT_FOUND, [
      { path: ['mainMemberId'], message: MAIN_MEMBER_NOT_FOUND },
    ]);

  it('refused when the main member was not loaded', () => refusedMain(null));
  it('refused when the main member stream is empty', () => refusedMain([]));
  it('refused when the main member was deleted', () => refusedMain([principalRegistered('m-1'), deleted('m-1')]));
  it('refused when the main member belongs to another company', () => refusedMain([principalRegistered('m-1', 'c2')]));
  it('refused when the "main member" is itself a family member', () => refusedMain([familyRegistered('m-1', 'm-0')]));
});

describe('UpdateMember', () => {
  const editForm: EditMemberFormValues = {
    firstName: ' Sipho ',
    lastName: 'Mthembu',
    email: '',
    phone: '+27 82 765 4321',
    address: '3 Long Street',
    city: 'Cape Town',
    province: 'WC',
    postalCode: '8001',
    dateOfBirth: '',
  };
  const updating = scenario(
    memberFolder,
    (command: { companyId: string; input: ReturnType<typeof editMemberSchema.parse> }, state) => decideUpdateMember(state, command),
    ctx,
  );
  const when = { companyId: 'c1', input: editMemberSchema.parse(editForm) };

  it('given a main member, when updating, then MemberUpdated with the whole edited set', () => {
    updating
      .given([principalRegistered('m-1')])
      .when(when)
      .then([
        {
          type: 'MemberUpdated',
          data: {
            memberId: 'm-1',
            companyId: 'c1',
            firstName: 'Sipho',
            lastName: 'Mthembu',
            email: null,
            phone: '+27827654321',
            address: '3 Long Street',
            city: 'Cape Town',
            province: 'WC',
            postalCode: '8001',
            dateOfBirth: null,
          },
        },
      ]);
  });

  it('given a family member, when updating, then RULE_VIOLATED', () => {
    updating
      .given([familyRegistered('m-2')])
      .when(when)
      .thenThrows('RULE_VIOLATED', ONLY_MAIN_MEMBERS_EDITABLE);
    expect(ONLY_MAIN_MEMBERS_EDITABLE).toBe('Only main members can be edited.');
  });

  it('given no member, a deleted one, or one of another company, when updating, then NOT_FOUND', () => {
    updating.given([]).when(when).thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
    updating
      .given([principalRegistered('m-1'), deleted('m-1')])
      .when(when)
      .thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
    updating
      .given([principalRegistered('m-1', 'c2')])
      .when(when)
      .thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
    updating
      .given([familyRegistered('m-2')])
      .when({ ...when, companyId: 'c2' })
      .thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
  });
});

describe('UpdateFamilyMember (issue #22)', () => {
  const schema = editFamilyMemberSchemaOn('2026-04-01');
  const updating = scenario(
    memberFolder,
    (command: { companyId: string; input: ReturnType<typeof schema.parse> }, state) => decideUpdateFamilyMember(state, command),
    ctx,
  );
  const when = {
    companyId: 'c1',
    input: schema.parse({
      firstName: 'Lerato',
      lastName: 'Mthembu',
      dateOfBirth: '2015-07-20',
      relationship: 'other',
      otherRelationship: 'Niece',
    }),
  };

  it('given a family member, when updating, then MemberUpdated with the relationship and no contact given as null', () => {
    updating
      .given([familyRegistered('m-2')])
      .when(when)
      .then([
        {
          type: 'MemberUpdated',
          data: {
            memberId: 'm-2',
            companyId: 'c1',
            firstName: 'Lerato',
            lastName: 'Mthembu',
            email: null,
            phone: null,
            address: null,
            city: null,
            province: null,
            postalCode: null,
            dateOfBirth: '2015-07-20',
            relationship: 'other',
            otherRelationship: 'Niece',
          },
        },
      ]);
  });

  it('given a main member, when updating as a family member, then RULE_VIOLATED; unknown or another company’s, NOT_FOUND', () => {
    updating
      .given([principalRegistered('m-1')])
      .when(when)
      .thenThrows('RULE_VIOLATED', ONLY_FAMILY_MEMBERS);
    updating.given([]).when(when).thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
    updating
      .given([familyRegistered('m-2')])
      .when({ ...when, companyId: 'c2' })
      .thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
  });

  it('refuses a missing relationship, other without words, a bad phone and a birth after today, field by field', () => {
    const problems = (input: object) =>
      schema.safeParse({ firstName: 'Lerato', lastName: 'Mthembu', ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(problems({})).toEqual([['relationship', MEMBER_MESSAGES.relationship]]);
    expect(problems({ relationship: 'other' })).toEqual([['otherRelationship', MEMBER_MESSAGES.otherRelationship]]);
    expect(problems({ relationship: 'child', phone: '12345' })).toEqual([['phone', MEMBER_MESSAGES.phone]]);
    expect(problems({ relationship: 'child', dateOfBirth: '2026-04-02' })?.map(([path]) => path)).toEqual(['dateOfBirth']);
    // The relationship's words are dropped unless it is 'other'; a phone is kept in one form.
    expect(
      schema.parse({ firstName: 'Lerato', lastName: 'Mthembu', relationship: 'child', otherRelationship: 'x', phone: '082 765 4321' }),
    ).toMatchObject({
      otherRelationship: null,
      phone: '0827654321',
    });
  });
});

describe('DeleteMember', () => {
  const deleting = scenario(
    memberFolder,
    (command: { companyId: string; policies: PolicyState[] }, state) => decideDeleteMember(state, command),
    ctx,
  );
  const issued: PolicyEvent = {
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
  const to = (from: 'active' | 'lapsed' | 'cancelled', status: 'active' | 'lapsed' | 'cancelled'): PolicyEvent => ({
    type: 'PolicyStatusChanged',
    data: { policyId: 'p-1', companyId: 'c1', from, to: status, note: null },
  });
  const withPolicy = { ...principalRegistered('m-1'), data: { ...principalRegistered('m-1').data, policyId: 'p-1' } };
  const mainDeleted = { member: [deleted('m-1')], mainMember: [], policies: new Map() };
  const LAPSED =
    'This member has a lapsed policy (POL-2026-000001) that could still be reinstated. To delete the member, reinstate the policy and then cancel it.';

  it('given a main member without family or policies, when deleting, then MemberDeleted only', () => {
    deleting
      .given([principalRegistered('m-1')])
      .when({ companyId: 'c1', policies: [] })
      .then(mainDeleted);
  });

  it('given a family member, when deleting, then MemberDeleted and FamilyMemberRemoved on the main member', () => {
    deleting
      .given([familyRegistered('m-2')])
      .when({ companyId: 'c1', policies: [] })
      .then({ member: [deleted('m-2')], mainMember: [familyRemoved('m-2')], policies: new Map() });
  });

  it('given family members under the main member, when deleting, then RULE_VIOLATED counting them', () => {
    const one = 'This member has 1 family member covered under them. Delete the family members first.';
    const two = 'This member has 2 family members covered under them. Delete the family members first.';
    deleting
      .given([principalRegistered('m-1'), familyAdded('m-2')])
      .when({ companyId: 'c1', policies: [] })
      .thenThrows('RULE_VIOLATED', one);
    deleting
      .given([principalRegistered('m-1'), familyAdded('m-2'), familyAdded('m-3')])
      .when({ companyId: 'c1', policies: [policy([issued])] })
      .thenThrows('RULE_VIOLATED', two);
  });

  it('given family members that were all removed again, when deleting, then allowed', () => {
    deleting
      .given([principalRegistered('m-1'), familyAdded('m-2'), familyRemoved('m-2')])
      .when({ companyId: 'c1', policies: [] })
      .then(mainDeleted);
  });

  it('given an active policy, when deleting, then RULE_VIOLATED with ACTIVE_POLICY_BLOCKS_DELETE', () => {
    deleting
      .given([withPolicy])
      .when({ companyId: 'c1', policies: [policy([issued])] })
      .thenThrows('RULE_VIOLATED', ACTIVE_POLICY_BLOCKS_DELETE);
    deleting
      .given([withPolicy])
      .when({ companyId: 'c1', policies: [policy([issued, to('active', 'lapsed'), to('lapsed', 'active')])] })
      .thenThrows('RULE_VIOLATED', ACTIVE_POLICY_BLOCKS_DELETE);
  });

  it('given a lapsed policy, when deleting, then RULE_VIOLATED naming the policy number', () => {
    deleting
      .given([withPolicy])
      .when({ companyId: 'c1', policies: [policy([issued, to('active', 'lapsed')])] })
      .thenThrows('RULE_VIOLATED', LAPSED);
  });

  it('given a cancelled policy, when deleting, then allowed', () => {
    deleting
      .given([withPolicy])
      .when({ companyId: 'c1', policies: [policy([issued, to('active', 'cancelled')])] })
      .then(mainDeleted);
  });

  // The refusal must advise a path the policy transitions allow (lapsed → cancelled is refused).
  it('the lapsed-policy refusal advises a step the policy transitions allow', () => {
    const { message } = (() => {
      try {
        decideDeleteMember(member([withPolicy]), { companyId: 'c1', policies: [policy([issued, to('active', 'lapsed')])] });
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a refusal');
    })();
    const advisesCancelling = /\bCancel it\b/.test(message);
    expect(advisesCancelling && !POLICY_TRANSITIONS.lapsed.includes('cancelled')).toBe(false);
  });

  it('given no member, a deleted one, or one of another company, when deleting, then NOT_FOUND', () => {
    deleting.given([]).when({ companyId: 'c1', policies: [] }).thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
    deleting
      .given([principalRegistered('m-1'), deleted('m-1')])
      .when({ companyId: 'c1', policies: [] })
      .thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
    deleting
      .given([principalRegistered('m-1')])
      .when({ companyId: 'c2', policies: [] })
      .thenThrows('NOT_FOUND', MEMBER_NOT_FOUND);
  });
});

describe('evolveMember', () => {
  const principalState = {
    status: 'active',
    memberId: 'm-1',
    companyId: 'c1',
    isMainMember: true,
    mainMemberId: null,
    identifierKey: `sa:${SIPHO_ID}`,
    firstName: 'Sipho',
    lastName: 'Dlamini',
    policyIds: [],
    familyMemberIds: [],
    saId: SIPHO_ID,
    dateOfBirth: '1980-01-01',
    relationship: null,
    communication: { preferredChannel: 'both', optedOut: false },
  };

  it('starts as none', () => expect(member([])).toEqual({ status: 'none' }));

  it('MemberRegistered: an active member with its identifier key, names and policy', () => {
    expect(member([principalRegistered('m-1')])).toEqual(principalState);
    const withPolicy = { ...principalRegistered('m-1'), data: { ...principalRegistered('m-1').data, policyId: 'p-1' } };
    expect(member([withPolicy])).toMatchObject({ policyIds: ['p-1'] });
    expect(member([familyRegistered('m-2')])).toMatchObject({ isMainMember: false, mainMemberId: 'm-1', identifierKey: `sa:${LERATO_ID}` });
    const passport = {
      ...principalRegistered('m-1'),
      data: { ...principalRegistered('m-1').data, saId: null, passportNumber: 'AB123456' },
    };
    expect(member([passport])).toMatchObject({ identifierKey: 'passport:AB123456' });
  });

  it('MemberUpdated: the names follow the edit', () => {
    const updated: MemberEvent = {
      type: 'MemberUpdated',
      data: { ...principalRegistered('m-1').data, firstName: 'Sibusiso', lastName: 'Mthembu' },
    };
    expect(member([principalRegistered('m-1'), updated])).toEqual({ ...principalState, firstName: 'Sibusiso', lastName: 'Mthembu' });
  });

  it('MemberDeleted: the member is kept, marked deleted', () => {
    expect(member([principalRegistered('m-1'), deleted('m-1')])).toEqual({ ...principalState, status: 'deleted' });
  });

  it('FamilyMemberAdded / FamilyMemberRemoved: the family links follow', () => {
    const history = [principalRegistered('m-1'), familyAdded('m-2'), familyAdded('m-3')];
    expect(member(history)).toMatchObject({ familyMemberIds: ['m-2', 'm-3'] });
    expect(member([...history, familyRemoved('m-2')])).toMatchObject({ familyMemberIds: ['m-3'] });
    expect(member([...history, familyRemoved('m-2'), familyRemoved('m-3')])).toMatchObject({ familyMemberIds: [] });
  });

  it('events before a registration leave the state as none', () => {
    expect(member([deleted('m-1'), familyAdded('m-2'), familyRemoved('m-2')])).toEqual({ status: 'none' });
  });
});
