import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { takeMemberPlaces } from '../member-quota.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { memberSchemaOn, type MemberInput } from '../../validation/index.ts';
import { decideRegisterMember, southAfricanDate } from '../members.decider.ts';
import { memberPii, memberStreamId, type MemberSource } from '../members.events.ts';
import { evolveMember, initialMemberState } from '../members.state.ts';
import { reserveIdentifier } from '../member-identifiers.ts';
import { reservePolicyNumbers } from '../../policies/policy-numbers.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { loadFuneralCaps } from '../../policies/lives.ts';
import { checkLifeCovers, lifeCoverOn } from '../life-cover-cap.ts';

export function formatPolicyNumber(sequence: number, now: Date): string {
  return `POL-${southAfricanDate(now).slice(0, 4)}-${String(sequence).padStart(6, '0')}`;
}

export type RegisterMemberOptions = { source?: MemberSource; agentId?: string | null };

/**
 * POST /api/members: a principal member (with a policy when a policy type is chosen) or a family
 * member under an existing principal. The SA ID / passport reservation and the member limit are
 * decided in the same transaction as the append.
 */
export async function registerMember(
  store: EventStore,
  sql: SqlExecutor,
  input: unknown,
  ctx: CommandContext,
  options: RegisterMemberOptions = {},
) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(memberSchemaOn(southAfricanDate(ctx.now)), input);
  return registerParsedMember(store, sql, companyId, parsed, ctx, options);
}

export async function registerParsedMember(
  store: EventStore,
  sql: SqlExecutor,
  companyId: string,
  input: MemberInput,
  ctx: CommandContext,
  options: RegisterMemberOptions = {},
) {
  return withConflictRetry(async () => {
    const memberId = ctx.newId();
    const main =
      !input.isMainMember && input.mainMemberId
        ? await loadState(store, memberStreamId(input.mainMemberId), { initialState: initialMemberState, evolve: evolveMember })
        : null;
    const policyType =
      input.isMainMember && input.policyTypeId
        ? await loadState(store, policyTypeStreamId(input.policyTypeId), { initialState: initialPolicyTypeState, evolve: evolvePolicyType })
        : null;
    // Issue #22: a family member joins its main member's latest policy as a life when that policy has a benefit table.
    const mainPolicyId = main?.state.status === 'active' ? main.state.policyIds.at(-1) : undefined;
    const mainPolicy = mainPolicyId
      ? await loadState(store, policyStreamId(mainPolicyId), { initialState: initialPolicyState, evolve: evolvePolicy })
      : null;
    const priced =
      (mainPolicy?.state.status !== undefined && mainPolicy.state.status !== 'none' && mainPolicy.state.benefits !== null) ||
      (policyType?.state.status === 'exists' && (policyType.state.benefits?.length ?? 0) > 0);
    const caps = priced ? await loadFuneralCaps(store) : null;
    const policy = policyType
      ? {
          policyId: ctx.newId(),
          policyNumber: formatPolicyNumber(await allocateNumbers(sql, companyId, 'policy'), ctx.now),
          policyType: policyType.state,
          agentId: options.agentId ?? null,
        }
      : null;
    const decided = decideRegisterMember(
      {
        memberId,
        companyId,
        input,
        source: options.source ?? 'manual',
        mainMember: main?.state ?? null,
        policy,
        mainPolicy: mainPolicy?.state ?? null,
        caps,
      },
      ctx,
    );
    // Issue #22: the new life's cover (its own on a table, else its policy's), held against the limit per life
    // with the person's group-scheme cover (their individual cover is this life: one member per SA ID).
    const joined = decided.policy.reduce(evolvePolicy, policy ? initialPolicyState : (mainPolicy?.state ?? initialPolicyState));
    const lifeCover = input.saId
      ? { name: `${input.firstName} ${input.lastName}`, saId: input.saId, cover: lifeCoverOn(joined, memberId) }
      : null;
    const coverCaps = lifeCover && lifeCover.cover !== '0' ? (caps ?? (await loadFuneralCaps(store))) : null;
    const streams: StreamAppend[] = [
      { streamId: memberStreamId(memberId), expectedVersion: 'no_stream', events: decided.member.map((e) => toNewEvent(e, memberPii)) },
    ];
    if (main && decided.mainMember.length > 0) {
      streams.push({
        streamId: memberStreamId(input.mainMemberId!),
        expectedVersion: expectedVersion(main.version),
        events: decided.mainMember.map((e) => toNewEvent(e)),
      });
    }
    if (policy && decided.policy.length > 0) {
      streams.push({
        streamId: policyStreamId(policy.policyId),
        expectedVersion: 'no_stream',
        events: decided.policy.map((e) => toNewEvent(e)),
      });
    } else if (mainPolicyId && mainPolicy && decided.policy.length > 0) {
      streams.push({
        streamId: policyStreamId(mainPolicyId),
        expectedVersion: expectedVersion(mainPolicy.version),
        events: decided.policy.map((e) => toNewEvent(e)),
      });
    }
    const append = await store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        await reserveIdentifier(tx, companyId, input, memberId);
        if (lifeCover && coverCaps) {
          const path = policy ? ['policyTypeId'] : ['saId'];
          await checkLifeCovers(tx, { companyId, caps: coverCaps, now: ctx.now, lives: [{ ...lifeCover, path }] });
        }
        if (policy) await reservePolicyNumbers(tx, companyId, [policy.policyNumber], [policy.policyId]);
        // Last: the company's quota row stays locked until the commit (member-quota.ts).
        await takeMemberPlaces(tx, companyId, 1);
      }),
    );
    // A retried command id answers with the first attempt's streams.
    const registeredId = idFromStream(append.streams.slice(0, 1), memberStreamId(''));
    // A family member's life added to its main member's policy is not a policy issued.
    const policyStream = input.isMainMember ? append.streams.find((s) => s.streamId.startsWith(policyStreamId(''))) : undefined;
    return { memberId: registeredId, policyId: policyStream ? policyStream.streamId.slice(policyStreamId('').length) : null, append };
  });
}

export const registerMemberSlice = commandSlice({
  name: 'registerMember',
  operation: 'members:create',
  input: memberSchemaOn,
  handle: ({ store, sql }, { input }, ctx) => registerMember(store, sql, input, ctx),
});
