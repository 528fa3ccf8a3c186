import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { Actor, CommandContext } from '../../command-handling/context.ts';
import { asDomainEvent, appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { reserve } from '../../identity/credentials.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { takeMemberPlaces } from '../../members/member-quota.ts';
import { identifierReservation, SA_ID_TAKEN } from '../../members/member-identifiers.ts';
import { memberPii, memberStreamId } from '../../members/members.events.ts';
import { formatPolicyNumber } from '../../members/commands/register-member.ts';
import { policyStreamId, type PolicyEvent } from '../../policies/policies.events.ts';
import { reservePolicyNumbers } from '../../policies/policy-numbers.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { memberSchemaOn, onboardingSchema, southAfricanDate, resolveProvince, type MemberInput, type OnboardingInput } from '../../validation/index.ts';
import { agentPii, agentStreamId } from '../agents.events.ts';
import { evolveAgent, initialAgentState } from '../agents.state.ts';
import { findAgentIdByUser } from '../agent-links.ts';
import { CHOOSE_AGENT, checkOnboarding, decideOnboardClient, familyRowLabel, onboardingMessage, renamePaths } from '../onboarding.decider.ts';

export const NOT_LINKED_TO_AGENT = 'Your login is not linked to an agent record, so sales cannot be credited to you. Ask an administrator to add you as an agent.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const agentFold = { initialState: initialAgentState, evolve: evolveAgent };

/** The payload, with a family row's refusal naming the row ('Family member 2 (Sizwe Khumalo): ...'). */
export function parseOnboarding(input: unknown): OnboardingInput {
  const result = onboardingSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: issue.message }));
  throw new ValidationError(issues[0] ? onboardingMessage(issues[0], input) : 'Invalid input', issues);
}

/** The client as the member form would register a principal: the same contact and address rules. */
function principalInput(input: OnboardingInput, today: string): MemberInput {
  return renamePaths(() => {
    const parsed = memberSchemaOn(today).safeParse({
      firstName: input.firstName, lastName: input.lastName, identifierType: 'saId', saId: input.idNumber, email: input.email ?? null,
      phone: input.phone, address: input.address, city: input.city, province: resolveProvince(input.province) ?? input.province,
      postalCode: input.postalCode, dateOfBirth: null, isMainMember: true, policyTypeId: input.policyType,
    });
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
    throw new ValidationError(issues[0]!.message, issues);
  });
}

function familyInput(row: OnboardingInput['familyMembers'][number], mainMemberId: string): MemberInput {
  return {
    firstName: row.firstName, lastName: row.lastName, identifierType: 'saId', saId: row.idNumber, passportNumber: null, nationality: 'ZA',
    email: null, phone: '', address: '', city: '', province: '', postalCode: '', dateOfBirth: null, isMainMember: false, mainMemberId,
    relationship: row.relationship, otherRelationship: null, policyTypeId: null,
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
  const onboarding = parseOnboarding(input);
  const principal = principalInput(onboarding, southAfricanDate(ctx.now));
  return withConflictRetry(async () => {
    const agent = await chooseAgent(store, sql, companyId, ctx.actor, onboarding.agentId);
    const { state: policyType } = UUID.test(onboarding.policyType)
      ? await loadState(store, policyTypeStreamId(onboarding.policyType), { initialState: initialPolicyTypeState, evolve: evolvePolicyType })
      : { state: initialPolicyTypeState };
    checkOnboarding({ companyId, agent: agent.state, input: onboarding, principal, family: [], policyType });
    const memberId = ctx.newId();
    const familyMemberIds = onboarding.familyMembers.map(() => ctx.newId());
    const policyId = ctx.newId();
    const policyNumber = formatPolicyNumber(await allocateNumbers(sql, companyId, 'policy'), ctx.now);
    const family = onboarding.familyMembers.map((row) => familyInput(row, memberId));
    const decided = decideOnboardClient(
      { companyId, agent: agent.state, input: onboarding, principal, family, policyType, memberId, familyMemberIds, policyId, policyNumber },
      ctx,
    );
    const streams: StreamAppend[] = [
      ...decided.members.map((m) => ({ streamId: memberStreamId(m.memberId), expectedVersion: 'no_stream' as const, events: m.events.map((e) => toNewEvent(e, memberPii)) })),
      { streamId: policyStreamId(policyId), expectedVersion: 'no_stream', events: decided.policy.map((e) => toNewEvent(e)) },
      { streamId: agentStreamId(agent.agentId), expectedVersion: expectedVersion(agent.version), events: decided.agent.map((e) => toNewEvent(e, agentPii)) },
    ];
    const append = await store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        const taken = (path: (string | number)[], message: string) => new DomainError('ALREADY_EXISTS', message, [{ path, message }]);
        await reserve(tx, identifierReservation(companyId, principal, memberId), taken(['idNumber'], SA_ID_TAKEN));
        for (const [index, member] of family.entries()) {
          const row = onboarding.familyMembers[index]!;
          await reserve(tx, identifierReservation(companyId, member, familyMemberIds[index]!), taken(['familyMembers', index, 'idNumber'], `${familyRowLabel(index, row)}: ${SA_ID_TAKEN}`));
        }
        await reservePolicyNumbers(tx, companyId, [policyNumber], [policyId]);
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
