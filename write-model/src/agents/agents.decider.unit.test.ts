import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { fold } from '../command-handling/decider.ts';
import { outcome, scenario } from '../command-handling/given-when-then.ts';
import type { MemberInput } from '../validation/index.ts';
import { agentPatchSchema, agentSchema, onboardingSchemaOn } from '../validation/index.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID } from '../validation/test-support.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../policy-types/policy-types.state.ts';
import { decideOnboardClient, CHOOSE_AGENT, onboardingMessage, type OnboardClient } from './commands/onboard-client.ts';
import { decideRegisterAgent } from './commands/register-agent.ts';
import { AGENT_NOT_FOUND, decideUpdateAgent } from './commands/update-agent.ts';
import { agentPii, type AgentEvent, type AgentRegistered } from './agents.events.ts';
import { evolveAgent, initialAgentState } from './agents.state.ts';

const ctx: CommandContext = {
  now: new Date('2026-03-31T23:30:00Z'),
  newId: () => 'x',
  actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd',
};

const form = {
  firstName: 'Bongani',
  lastName: 'Zulu',
  email: 'bongani@example.co.za',
  phone: '083 555 1234',
  agentId: 'AG-001',
  commissionRate: 7.5,
  salesTarget: 50000,
  region: 'Durban',
  username: 'bzulu',
  password: 'longenough',
};
const registered: AgentRegistered = {
  type: 'AgentRegistered',
  data: {
    agentId: 'a1',
    companyId: 'c1',
    userId: 'u9',
    status: 'active',
    agentCode: 'AG-001',
    firstName: 'Bongani',
    lastName: 'Zulu',
    idNumber: null,
    email: 'bongani@example.co.za',
    phone: '0835551234',
    supervisorName: null,
    region: 'Durban',
    commissionRate: 7.5,
    salesTarget: 50000,
    notes: null,
  },
};

describe('RegisterAgent', () => {
  it('given nothing, when an agent is registered with a login, then AgentRegistered, active, linked to the login user', () => {
    outcome(() => decideRegisterAgent({ agentId: 'a1', companyId: 'c1', input: agentSchema.parse(form), userId: 'u9' })).then([registered]);
  });

  it("seals the agent's own personal fields with the agent's key", () => {
    expect(agentPii(registered)).toEqual([{ subjectId: 'agent:a1', fields: ['firstName', 'lastName', 'idNumber', 'email', 'phone'] }]);
  });
});

describe('UpdateAgent and ChangeAgentStatus (one PATCH)', () => {
  const update = scenario(
    { initialState: initialAgentState, evolve: evolveAgent },
    (patch: unknown, state) => decideUpdateAgent(state, { companyId: 'c1', patch: agentPatchSchema.parse(patch) }),
    ctx,
  );

  it('given an active agent, when {status: inactive} alone, then only AgentStatusChanged', () => {
    update
      .given([registered])
      .when({ status: 'inactive' })
      .then([{ type: 'AgentStatusChanged', data: { agentId: 'a1', companyId: 'c1', from: 'active', to: 'inactive' } }]);
  });

  it('given an inactive agent, when set inactive again or sent the same details, then nothing is appended', () => {
    const inactive: AgentEvent = { type: 'AgentStatusChanged', data: { agentId: 'a1', companyId: 'c1', from: 'active', to: 'inactive' } };
    update.given([registered, inactive]).when({ status: 'inactive' }).then([]);
    update.given([registered]).when({ firstName: 'Bongani', commissionRate: '7.5', region: 'Durban' }).then([]);
  });

  it('when some fields change, then AgentUpdated with the whole set: omitted fields kept, blank optional fields cleared', () => {
    const [event] = update.given([registered]).when({ agentId: 'AG-002', commissionRate: 10, region: '', notes: 'Top seller' }).decided();
    expect(event).toEqual({
      type: 'AgentUpdated',
      data: {
        ...registered.data,
        agentCode: 'AG-002',
        commissionRate: 10,
        region: null,
        notes: 'Top seller',
        userId: undefined,
        status: undefined,
      },
    });
    const state = fold({ initialState: initialAgentState, evolve: evolveAgent }, [registered, event!]);
    expect(state).toMatchObject({
      agentCode: 'AG-002',
      commissionRate: 10,
      region: null,
      firstName: 'Bongani',
      userId: 'u9',
      status: 'active',
    });
  });

  it("given no agent or another company's, then NOT_FOUND", () => {
    update.given([]).when({ status: 'active' }).thenThrows('NOT_FOUND', AGENT_NOT_FOUND);
    outcome(() =>
      decideUpdateAgent(fold({ initialState: initialAgentState, evolve: evolveAgent }, [registered]), {
        companyId: 'c2',
        patch: { status: 'inactive' },
      }),
    ).thenThrows('NOT_FOUND', AGENT_NOT_FOUND);
  });
});

describe('OnboardClient', () => {
  const agent = fold({ initialState: initialAgentState, evolve: evolveAgent }, [registered]);
  const policyType = evolvePolicyType(initialPolicyTypeState, {
    type: 'PolicyTypeCreated',
    data: {
      policyTypeId: 'pt-1',
      companyId: 'c1',
      name: 'Gold',
      description: null,
      coverageAmount: '30000.00',
      monthlyPremium: '199.00',
      waitingPeriod: 6,
      isActive: true,
    },
  });
  const payload = {
    firstName: 'Ayanda',
    lastName: 'Khumalo',
    phone: '0821234567',
    idNumber: VALID_SA_ID,
    address: '14 Mandela Drive',
    city: 'Pietermaritzburg',
    province: 'KwaZulu-Natal',
    postalCode: '3201',
    monthlyIncome: '12500.00',
    policyType: 'pt-1',
    coverageAmount: '30000',
    beneficiaryName: 'Nandi Khumalo',
    beneficiaryRelation: 'Spouse',
    beneficiaryContact: '0829876543',
    familyMembers: [{ firstName: 'Sizwe', lastName: 'Khumalo', idNumber: OTHER_SA_ID, relationship: 'child' }],
  };
  const principal = {
    firstName: 'Ayanda',
    lastName: 'Khumalo',
    identifierType: 'saId',
    saId: VALID_SA_ID,
    passportNumber: null,
    nationality: 'ZA',
    email: null,
    phone: '0821234567',
    address: '14 Mandela Drive',
    city: 'Pietermaritzburg',
    province: 'KZN',
    postalCode: '3201',
    dateOfBirth: null,
    isMainMember: true,
    mainMemberId: null,
    relationship: null,
    otherRelationship: null,
    policyTypeId: 'pt-1',
  } as MemberInput;
  const child = {
    ...principal,
    firstName: 'Sizwe',
    saId: OTHER_SA_ID,
    phone: '',
    address: '',
    city: '',
    province: '',
    postalCode: '',
    isMainMember: false,
    mainMemberId: 'm1',
    relationship: 'child',
    policyTypeId: null,
  } as MemberInput;
  const command = (overrides: Partial<OnboardClient> = {}, body: Record<string, unknown> = {}): OnboardClient => ({
    companyId: 'c1',
    agent,
    input: onboardingSchemaOn('2026-06-15').parse({ ...payload, ...body }),
    principal,
    family: [child],
    policyType,
    memberId: 'm1',
    familyMemberIds: ['f1'],
    policyId: 'p1',
    policyNumber: 'POL-2026-000007',
    ...overrides,
  });

  it('decides the client, the family member under it, an active policy written by the agent and the sale', () => {
    const decided = decideOnboardClient(command(), ctx);
    expect(decided.members.map((m) => [m.memberId, m.events.map((e) => e.type)])).toEqual([
      ['m1', ['MemberRegistered', 'FamilyMemberAdded']],
      ['f1', ['MemberRegistered']],
    ]);
    expect(decided.members[0]!.events[0]!.data).toMatchObject({ source: 'onboarding', policyId: 'p1', province: 'KZN' });
    expect(decided.policy).toEqual([
      expect.objectContaining({
        type: 'PolicyIssued',
        data: expect.objectContaining({
          policyId: 'p1',
          agentId: 'a1',
          coverageAmount: '30000.00',
          monthlyPremium: '199.00',
          startDate: '2026-04-01',
        }),
      }),
    ]);
    expect(decided.agent).toEqual([
      {
        type: 'ClientOnboarded',
        data: {
          agentId: 'a1',
          companyId: 'c1',
          memberId: 'm1',
          familyMemberIds: ['f1'],
          policyId: 'p1',
          policyNumber: 'POL-2026-000007',
          policyTypeId: 'pt-1',
          coverageAmount: '30000.00',
          monthlyPremium: '199.00',
          clientName: 'Ayanda Khumalo',
          beneficiaryName: 'Nandi Khumalo',
          beneficiaryRelation: 'Spouse',
          beneficiaryContact: '0829876543',
          monthlyIncome: '12500.00',
          employer: null,
          notes: null,
        },
      },
    ]);
    expect(agentPii(decided.agent[0]!)).toEqual([
      { subjectId: 'member:m1', fields: expect.arrayContaining(['clientName', 'beneficiaryName', 'monthlyIncome']) },
    ]);
  });

  it('refuses an inactive or suspended agent (FORBIDDEN) and a missing agent (choose the agent)', () => {
    const inactive = { ...agent, status: 'suspended' } as typeof agent;
    outcome(() => decideOnboardClient(command({ agent: inactive }), ctx)).thenThrows(
      'FORBIDDEN',
      'Agent Bongani Zulu (AG-001) is suspended and cannot onboard clients. An administrator can reactivate the agent on the Agents page.',
    );
    outcome(() => decideOnboardClient(command({ agent: initialAgentState }), ctx)).thenThrows('VALIDATION_FAILED', CHOOSE_AGENT, [
      { path: ['agentId'], message: CHOOSE_AGENT },
    ]);
  });

  it('refuses a coverage the type does not offer, and an SA ID given twice, naming the row', () => {
    const coverage = 'The Gold policy type offers a coverage of R30000.00; choose that coverage amount.';
    outcome(() => decideOnboardClient(command({}, { coverageAmount: '50000' }), ctx)).thenThrows('VALIDATION_FAILED', coverage, [
      { path: ['coverageAmount'], message: coverage },
    ]);
    const twice = 'Family member 2 (Lindiwe Khumalo): this SA ID number is already given for family member 1 (Sizwe Khumalo)';
    const rows = [payload.familyMembers[0], { firstName: 'Lindiwe', lastName: 'Khumalo', idNumber: OTHER_SA_ID, relationship: 'spouse' }];
    outcome(() => decideOnboardClient(command({}, { familyMembers: rows }), ctx)).thenThrows('VALIDATION_FAILED', twice, [
      { path: ['familyMembers', 1, 'idNumber'], message: twice },
    ]);
  });

  it('names the family row of a payload issue', () => {
    const body = {
      ...payload,
      familyMembers: [payload.familyMembers[0], { firstName: 'Lindiwe', lastName: 'Khumalo', idNumber: BAD_SA_ID, relationship: 'spouse' }],
    };
    const issue = onboardingSchemaOn('2026-06-15').safeParse(body).error!.issues[0]!;
    expect(issue.path).toEqual(['familyMembers', 1, 'idNumber']);
    expect(onboardingMessage({ path: issue.path as (string | number)[], message: issue.message }, body)).toBe(
      'Family member 2 (Lindiwe Khumalo): Valid SA ID number is required',
    );
  });
});
