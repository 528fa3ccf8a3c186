import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { Actor, CommandContext } from '../../command-handling/context.ts';
import {
  asDomainEvent,
  appendOptions,
  expectedVersion,
  loadState,
  requireCompany,
  withConflictRetry,
} from '../../command-handling/handle.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, ValidationError, type Issue } from '../../errors.ts';
import { decideRegisterMember } from '../../members/members.decider.ts';
import type { FuneralCaps } from '../../validation/index.ts';
import { loadFuneralCaps } from '../../policies/lives.ts';
import { checkLifeCovers, livesJoining } from '../../members/life-cover-cap.ts';
import type { MemberEvent } from '../../members/members.events.ts';
import { evolveMember, initialMemberState } from '../../members/members.state.ts';
import type { PolicyIssued } from '../../policies/policies.events.ts';
import type { PolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { reserve } from '../../identity/credentials.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { takeMemberPlaces } from '../../members/member-quota.ts';
import { identifierReservation, SA_ID_TAKEN } from '../../members/member-identifiers.ts';
import { memberPii, memberStreamId } from '../../members/members.events.ts';
import { formatPolicyNumber } from '../../members/commands/register-member.ts';
import { mandatePii, policyStreamId, type PolicyEvent } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { decideSetMandate, reserveMandateReference } from '../../policies/commands/set-mandate.ts';
import { reservePolicyNumbers } from '../../policies/policy-numbers.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../../policy-types/policy-types.state.ts';
import {
  coverageNotOffered,
  memberSchemaOn,
  onboardingSchemaOn,
  priorCoverOfFields,
  resolveProvince,
  southAfricanDate,
  type MemberInput,
  type OnboardingInput,
} from '../../validation/index.ts';
import { agentPii, agentStreamId, type AgentEvent } from '../agents.events.ts';
import { evolveAgent, initialAgentState, type AgentState } from '../agents.state.ts';
import { findAgentIdByUser } from '../agent-links.ts';

export const NOT_LINKED_TO_AGENT =
  'Your login is not linked to an agent record, so sales cannot be credited to you. Ask an administrator to add you as an agent.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const agentFold = { initialState: initialAgentState, evolve: evolveAgent };

/** The payload, with a family row's refusal naming the row ('Family member 2 (Sizwe Khumalo): ...'). */
export function parseOnboarding(input: unknown, today: string): OnboardingInput {
  const result = onboardingSchemaOn(today).safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
  throw new ValidationError(issues[0] ? onboardingMessage(issues[0], input) : 'Invalid input', issues);
}

/** The client as the member form would register a principal: the same contact and address rules. */
function principalInput(input: OnboardingInput, today: string): MemberInput {
  return renamePaths(() => {
    const parsed = memberSchemaOn(today).safeParse({
      firstName: input.firstName,
      lastName: input.lastName,
      identifierType: 'saId',
      saId: input.idNumber,
      email: input.email ?? null,
      phone: input.phone,
      address: input.address,
      city: input.city,
      province: resolveProvince(input.province) ?? input.province,
      postalCode: input.postalCode,
      dateOfBirth: null,
      isMainMember: true,
      policyTypeId: input.policyType,
      debitDay: input.debitDay,
      priorCoverMonths: input.priorCoverMonths,
      priorCoverEndedOn: input.priorCoverEndedOn,
    });
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
    throw new ValidationError(issues[0]!.message, issues);
  });
}

function familyInput(row: OnboardingInput['familyMembers'][number], mainMemberId: string): MemberInput {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    identifierType: 'saId',
    saId: row.idNumber,
    passportNumber: null,
    nationality: 'ZA',
    email: null,
    phone: '',
    address: '',
    city: '',
    province: '',
    postalCode: '',
    dateOfBirth: null,
    isMainMember: false,
    mainMemberId,
    relationship: row.relationship,
    otherRelationship: null,
    policyTypeId: null,
    // Checked by the onboarding schema's family rows (the member form's prior-cover fields and rule).
    priorCover: priorCoverOfFields(row),
  };
}

/**
 * Whose sale it is: the agent record linked to the caller; a caller without one (an administrator
 * entering a sale) names the agent by Agent.id or by the agent's login user id. An agent's login
 * without a record cannot credit the sale to anyone else.
 */
async function chooseAgent(store: EventStore, sql: SqlExecutor, companyId: string, actor: Actor, requested: string | undefined) {
  const own = actor.userId ? await findAgentIdByUser(sql, companyId, actor.userId) : null;
  if (!own && actor.role === 'agent') throw new DomainError('FORBIDDEN', NOT_LINKED_TO_AGENT);
  let agentId = own;
  if (!agentId && requested) {
    const byId = UUID.test(requested) ? await loadState(store, agentStreamId(requested), agentFold) : null;
    agentId = byId && byId.state.status !== 'none' ? requested : await findAgentIdByUser(sql, companyId, requested);
  }
  if (!agentId) throw new ValidationError(CHOOSE_AGENT, [{ path: ['agentId'], message: CHOOSE_AGENT }]);
  return { agentId, ...(await loadState(store, agentStreamId(agentId), agentFold)) };
}

/**
 * POST /api/client-onboarding: the client (principal member), its family members, an active policy
 * written by the agent and the sale on the agent's stream, in ONE append. The SA IDs, the member
 * limit's places and the policy number are claimed in its transaction: any refusal leaves nothing.
 */
export async function onboardClient(store: EventStore, sql: SqlExecutor, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const onboarding = parseOnboarding(input, southAfricanDate(ctx.now));
  const principal = principalInput(onboarding, southAfricanDate(ctx.now));
  return withConflictRetry(async () => {
    const agent = await chooseAgent(store, sql, companyId, ctx.actor, onboarding.agentId);
    const { state: policyType } = UUID.test(onboarding.policyType)
      ? await loadState(store, policyTypeStreamId(onboarding.policyType), {
          initialState: initialPolicyTypeState,
          evolve: evolvePolicyType,
        })
      : { state: initialPolicyTypeState };
    checkOnboarding({ companyId, agent: agent.state, input: onboarding, principal, family: [], policyType });
    // Issue #22: a type with a benefit table prices each life; its refusals (entry ages, cover limits)
    // come before a policy number is taken.
    const caps = policyType.status === 'exists' && (policyType.benefits?.length ?? 0) > 0 ? await loadFuneralCaps(store) : null;
    const memberId = ctx.newId();
    const familyMemberIds = onboarding.familyMembers.map(() => ctx.newId());
    const policyId = ctx.newId();
    const family = onboarding.familyMembers.map((row) => familyInput(row, memberId));
    const command = {
      companyId,
      agent: agent.state,
      input: onboarding,
      principal,
      family,
      policyType,
      memberId,
      familyMemberIds,
      policyId,
      caps,
    };
    if (caps) decideOnboardClient({ ...command, policyNumber: '' }, ctx);
    const policyNumber = formatPolicyNumber(await allocateNumbers(sql, companyId, 'policy'), ctx.now);
    const decided = decideOnboardClient({ ...command, policyNumber }, ctx);
    const streams: StreamAppend[] = [
      ...decided.members.map((m) => ({
        streamId: memberStreamId(m.memberId),
        expectedVersion: 'no_stream' as const,
        events: m.events.map((e) => toNewEvent(e, memberPii)),
      })),
      { streamId: policyStreamId(policyId), expectedVersion: 'no_stream', events: decided.policy.map((e) => toNewEvent(e, mandatePii)) },
      {
        streamId: agentStreamId(agent.agentId),
        expectedVersion: expectedVersion(agent.version),
        events: decided.agent.map((e) => toNewEvent(e, agentPii)),
      },
    ];
    // Issue #22: each life's cover, held against the limit per life with the person's group-scheme cover.
    const lives = livesJoining(decided.policy.reduce(evolvePolicy, initialPolicyState), [
      { memberId, saId: principal.saId, firstName: principal.firstName, lastName: principal.lastName, path: ['idNumber'] },
      ...family.map((member, index) => ({
        memberId: familyMemberIds[index]!,
        saId: member.saId,
        firstName: member.firstName,
        lastName: member.lastName,
        path: ['familyMembers', index, 'idNumber'],
      })),
    ]);
    const coverCaps = lives.length > 0 ? (caps ?? (await loadFuneralCaps(store))) : null;
    const append = await store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        const taken = (path: (string | number)[], message: string) => new DomainError('ALREADY_EXISTS', message, [{ path, message }]);
        await reserve(tx, identifierReservation(companyId, principal, memberId), taken(['idNumber'], SA_ID_TAKEN));
        for (const [index, member] of family.entries()) {
          const row = onboarding.familyMembers[index]!;
          await reserve(
            tx,
            identifierReservation(companyId, member, familyMemberIds[index]!),
            taken(['familyMembers', index, 'idNumber'], `${familyRowLabel(index, row)}: ${SA_ID_TAKEN}`),
          );
        }
        if (coverCaps) await checkLifeCovers(tx, { companyId, caps: coverCaps, now: ctx.now, lives });
        await reservePolicyNumbers(tx, companyId, [policyNumber], [policyId]);
        if (onboarding.debitMandate) {
          const { mandateReference } = onboarding.debitMandate;
          await reserveMandateReference(tx, companyId, policyId, mandateReference, ['debitMandate', 'mandateReference']);
        }
        // Last: the company's quota row stays locked until the commit (member-quota.ts).
        await takeMemberPlaces(tx, companyId, 1 + family.length);
      }),
    );
    // A retried command id answers with the first attempt's records.
    const memberStreams = append.streams.filter((s) => s.streamId.startsWith(memberStreamId('')));
    const onboardedPolicyId = idFromStream(append.streams, policyStreamId(''));
    return {
      memberId: memberStreams[0]!.streamId.slice(memberStreamId('').length),
      policyId: onboardedPolicyId,
      policyNumber: append.duplicate ? await issuedNumber(store, onboardedPolicyId) : policyNumber,
      familyMembersAdded: memberStreams.length - 1,
      agentId: agent.agentId,
      append,
    };
  });
}

async function issuedNumber(store: EventStore, policyId: string): Promise<string> {
  const { events } = await store.readStream(policyStreamId(policyId));
  const issued = events.map(asDomainEvent<PolicyEvent>).find((e) => e.type === 'PolicyIssued');
  return issued?.type === 'PolicyIssued' ? issued.data.policyNumber : '';
}

export const CHOOSE_AGENT = 'Please choose the agent who made this sale';

/** How refusals name a family row: 'Family member 2 (Sizwe Khumalo)'. */
export function familyRowLabel(index: number, row?: { firstName?: unknown; lastName?: unknown }): string {
  const name = [row?.firstName, row?.lastName]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
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
  /** The funeral limits per life, loaded when the type has a benefit table (issue #22). */
  caps?: FuneralCaps | null;
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
  const coverage =
    policyType.status === 'exists' && policyType.companyId === command.companyId && coverageNotOffered(policyType, input.coverageAmount);
  if (coverage) throw new ValidationError(coverage, [{ path: ['coverageAmount'], message: coverage }]);
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
        caps: command.caps ?? null,
      },
      ctx,
    ),
  );
  // Issue #22: each family member joins the policy as a life (when its type has a benefit table).
  const policyEvents: PolicyEvent[] = [...principal.policy];
  let policyState = policyEvents.reduce(evolvePolicy, initialPolicyState);
  const principalState = principal.member.reduce(evolveMember, initialMemberState);
  const principalEvents: MemberEvent[] = [...principal.member];
  const familyStreams = command.family.map((member, index) => {
    const memberId = command.familyMemberIds[index]!;
    const decided = renamePaths(() =>
      familyRowPaths(index, () =>
        decideRegisterMember(
          {
            memberId,
            companyId,
            input: member,
            source: 'onboarding',
            mainMember: principalState,
            policy: null,
            mainPolicy: policyState,
            caps: command.caps ?? null,
          },
          ctx,
        ),
      ),
    );
    principalEvents.push(...decided.mainMember);
    policyEvents.push(...decided.policy);
    policyState = decided.policy.reduce(evolvePolicy, policyState);
    return { memberId, events: decided.member };
  });
  const issued = principal.policy.find((e): e is PolicyIssued => e.type === 'PolicyIssued')!;
  // The mandate, when the agent took one, follows PolicyIssued on the policy's stream (issue #21).
  const policy: PolicyEvent[] = policyEvents;
  if (input.debitMandate) policy.push(decideSetMandate(policyState, companyId, input.debitMandate));
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
      monthlyPremium: policyState.status === 'none' ? issued.data.monthlyPremium : policyState.monthlyPremium,
      clientName: `${command.principal.firstName} ${command.principal.lastName}`,
      beneficiaryName: input.beneficiaryName,
      beneficiaryRelation: input.beneficiaryRelation,
      beneficiaryContact: input.beneficiaryContact,
      monthlyIncome: input.monthlyIncome ?? null,
      employer: input.employer ?? null,
      notes: input.notes ?? null,
    },
  };
  return { members: [{ memberId: command.memberId, events: principalEvents }, ...familyStreams], policy, agent: [sale] };
}

/** The member rules speak of policyTypeId and saId; the onboarding form calls them policyType and idNumber. */
const ONBOARDING_PATHS: Record<string, string> = { policyTypeId: 'policyType', saId: 'idNumber' };

/** A family row's refusal (issue #22: an entry age or a cover limit) said of that row. */
function familyRowPaths<T>(index: number, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const message = `${familyRowLabel(index)}: ${error.message}`;
    throw new DomainError(
      error.code,
      message,
      error.issues.map((issue) => ({ ...issue, path: ['familyMembers', index, ...issue.path], message })),
    );
  }
}

export function renamePaths<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const issues = error.issues.map((issue) => ({
      ...issue,
      path: issue.path.map((p) => (typeof p === 'string' ? (ONBOARDING_PATHS[p] ?? p) : p)),
    }));
    throw new DomainError(error.code, error.message, issues);
  }
}

export const onboardClientSlice = commandSlice({
  name: 'onboardClient',
  operation: 'onboarding:create',
  input: onboardingSchemaOn,
  handle: ({ store, sql }, { input }, ctx) => onboardClient(store, sql, input, ctx),
});
