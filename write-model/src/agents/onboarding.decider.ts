import type { CommandContext } from '../command-handling/context.ts';
import { DomainError, ValidationError, type Issue } from '../errors.ts';
import { decideRegisterMember } from '../members/members.decider.ts';
import type { MemberEvent } from '../members/members.events.ts';
import { evolveMember, initialMemberState } from '../members/members.state.ts';
import type { PolicyEvent, PolicyIssued } from '../policies/policies.events.ts';
import type { PolicyTypeState } from '../policy-types/policy-types.state.ts';
import { centsToDecimal, compareDecimal, decimalToCents, type MemberInput, type OnboardingInput } from '../validation/index.ts';
import type { AgentEvent } from './agents.events.ts';
import type { AgentState } from './agents.state.ts';

export const CHOOSE_AGENT = 'Please choose the agent who made this sale';

/** How refusals name a family row: 'Family member 2 (Sizwe Khumalo)'. */
export function familyRowLabel(index: number, row?: { firstName?: unknown; lastName?: unknown }): string {
  const name = [row?.firstName, row?.lastName].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ').trim();
  return `Family member ${index + 1}${name ? ` (${name})` : ''}`;
}

/** An issue of the onboarding payload as the answer's message: a family row's issue names the row. */
export function onboardingMessage(issue: Issue, input: unknown): string {
  const [field, index] = issue.path;
  if (field !== 'familyMembers' || typeof index !== 'number') return issue.message;
  const rows = (input as { familyMembers?: unknown } | null)?.familyMembers;
  const row = Array.isArray(rows) ? (rows[index] as { firstName?: unknown; lastName?: unknown } | undefined) : undefined;
  return `${familyRowLabel(index, row)}: ${issue.message}`;
}

export type OnboardClient = {
  companyId: string;
  agent: AgentState;
  input: OnboardingInput;
  /** The client as a principal member (memberSchema's output) and each family row as a family member. */
  principal: MemberInput;
  family: MemberInput[];
  policyType: PolicyTypeState;
  memberId: string;
  familyMemberIds: string[];
  policyId: string;
  policyNumber: string;
};

/**
 * Whatever refuses an onboarding before anything is allocated: the agent must be active, the same
 * SA ID cannot be given twice, the coverage must be the one the chosen type offers.
 */
export function checkOnboarding(command: Omit<OnboardClient, 'policyNumber' | 'memberId' | 'familyMemberIds' | 'policyId'>): void {
  const { agent, input, policyType } = command;
  if (agent.status === 'none' || agent.companyId !== command.companyId) {
    throw new ValidationError(CHOOSE_AGENT, [{ path: ['agentId'], message: CHOOSE_AGENT }]);
  }
  if (agent.status !== 'active') {
    throw new DomainError(
      'FORBIDDEN',
      `Agent ${agent.firstName} ${agent.lastName} (${agent.agentCode}) is ${agent.status} and cannot onboard clients. An administrator can reactivate the agent on the Agents page.`,
    );
  }
  const seen = new Map<string, string>([[input.idNumber, 'the client']]);
  input.familyMembers.forEach((row, index) => {
    const label = familyRowLabel(index, row);
    const earlier = seen.get(row.idNumber);
    if (earlier) {
      const message = `${label}: this SA ID number is already given for ${earlier}`;
      throw new ValidationError(message, [{ path: ['familyMembers', index, 'idNumber'], message }]);
    }
    seen.set(row.idNumber, label.replace(/^F/, 'f'));
  });
  if (policyType.status === 'exists' && policyType.companyId === command.companyId && compareDecimal(input.coverageAmount, policyType.coverageAmount) !== 0) {
    const message = `The ${policyType.name} policy type offers a coverage of R${centsToDecimal(decimalToCents(policyType.coverageAmount))}; choose that coverage amount.`;
    throw new ValidationError(message, [{ path: ['coverageAmount'], message }]);
  }
}

export type OnboardingDecision = {
  /** Per member stream (the client's first, then each family member's), in append order. */
  members: { memberId: string; events: MemberEvent[] }[];
  policy: PolicyEvent[];
  agent: AgentEvent[];
};

/**
 * The client (a principal member with an active policy written by the agent), each family member
 * under it, and the sale on the agent's stream: the member rules are the member form's own
 * (decideRegisterMember), so onboarding cannot admit what the Members page would refuse.
 */
export function decideOnboardClient(command: OnboardClient, ctx: CommandContext): OnboardingDecision {
  checkOnboarding(command);
  const { companyId, input, agent } = command;
  if (agent.status === 'none') throw new Error('unreachable: checked above');
  const principal = renamePaths(() =>
    decideRegisterMember(
      {
        memberId: command.memberId,
        companyId,
        input: command.principal,
        source: 'onboarding',
        mainMember: null,
        policy: { policyId: command.policyId, policyNumber: command.policyNumber, policyType: command.policyType, agentId: agent.agentId },
      },
      ctx,
    ),
  );
  const principalState = principal.member.reduce(evolveMember, initialMemberState);
  const principalEvents: MemberEvent[] = [...principal.member];
  const familyStreams = command.family.map((member, index) => {
    const memberId = command.familyMemberIds[index]!;
    const decided = decideRegisterMember({ memberId, companyId, input: member, source: 'onboarding', mainMember: principalState, policy: null }, ctx);
    principalEvents.push(...decided.mainMember);
    return { memberId, events: decided.member };
  });
  const issued = principal.policy.find((e): e is PolicyIssued => e.type === 'PolicyIssued')!;
  const sale: AgentEvent = {
    type: 'ClientOnboarded',
    data: {
      agentId: agent.agentId,
      companyId,
      memberId: command.memberId,
      familyMemberIds: command.familyMemberIds,
      policyId: command.policyId,
      policyNumber: command.policyNumber,
      policyTypeId: issued.data.policyTypeId,
      coverageAmount: issued.data.coverageAmount,
      monthlyPremium: issued.data.monthlyPremium,
      clientName: `${command.principal.firstName} ${command.principal.lastName}`,
      beneficiaryName: input.beneficiaryName,
      beneficiaryRelation: input.beneficiaryRelation,
      beneficiaryContact: input.beneficiaryContact,
      monthlyIncome: input.monthlyIncome ?? null,
      employer: input.employer ?? null,
      notes: input.notes ?? null,
    },
  };
  return { members: [{ memberId: command.memberId, events: principalEvents }, ...familyStreams], policy: principal.policy, agent: [sale] };
}

/** The member rules speak of policyTypeId and saId; the onboarding form calls them policyType and idNumber. */
const ONBOARDING_PATHS: Record<string, string> = { policyTypeId: 'policyType', saId: 'idNumber' };

export function renamePaths<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const issues = error.issues.map((issue) => ({ ...issue, path: issue.path.map((p) => (typeof p === 'string' ? (ONBOARDING_PATHS[p] ?? p) : p)) }));
    throw new DomainError(error.code, error.message, issues);
  }
}
