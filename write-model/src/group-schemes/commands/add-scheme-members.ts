import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { takeMemberPlaces } from '../../members/member-quota.ts';
import { checkLifeCovers, readIndividualCovers, recordSchemeLifeCover } from '../../members/life-cover-cap.ts';
import { loadFuneralCaps } from '../../policies/lives.ts';
import { schemeLivesAdded } from '../scheme-life-covers.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { groupSchemeMembersSchemaOn, southAfricanDate } from '../../validation/index.ts';
import { assertOwnScheme, checkNewMembers, newSchemeMemberEvents, type NewSchemeMembers } from '../group-schemes.decider.ts';
import { groupSchemeStreamId, groupSchemePii, type GroupSchemeEvent, type SchemeMemberAdded } from '../group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState, type GroupSchemeState } from '../group-schemes.state.ts';
import { allocateGroupPolicyNumbers, reserveGroupPolicyNumbers } from '../group-policy-numbers.ts';
import { droppedSchemeRows, keptRowPositions } from '../scheme-rows.ts';

const schemeFold = { initialState: initialGroupSchemeState, evolve: evolveGroupScheme };

/**
 * POST /api/group-schemes/{id}/members {mainMembers}: appended against the scheme's version, so two
 * additions of the same SA ID at once cannot both pass the uniqueness check. Every person added (main
 * and family) takes a place of the company's member limit in the same transaction.
 */
export async function addSchemeMembers(store: EventStore, sql: SqlExecutor, schemeId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const streamId = groupSchemeStreamId(schemeId);
  // An unknown scheme answers 404 before the payload's messages: there is nothing to add to.
  assertOwnScheme((await loadState(store, streamId, schemeFold)).state, companyId);
  const parsed = parseInput(groupSchemeMembersSchemaOn(southAfricanDate(ctx.now)), input);
  const positions = keptRowPositions(input);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, streamId, schemeFold);
    assertOwnScheme(state, companyId);
    // Refusals before numbers are taken, so a refused addition leaves no gap in the sequence.
    checkNewMembers(state.members, { mainMembers: parsed.mainMembers, positions });
    const numbers = await allocateGroupPolicyNumbers(sql, companyId, state.name, parsed.mainMembers.length);
    const policies = numbers.map((policyNumber) => ({ policyId: ctx.newId(), policyNumber }));
    const events = decideAddSchemeMembers(state, { companyId, members: { mainMembers: parsed.mainMembers, positions, policies } }, ctx);
    const added = schemeLivesAdded(
      events.filter((e): e is SchemeMemberAdded => e.type === 'SchemeMemberAdded'),
      parsed.mainMembers,
      positions,
    );
    const caps = await loadFuneralCaps(store);
    const individual = await readIndividualCovers(store, sql, companyId, added.lives);
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e, groupSchemePii)) }],
      appendOptions(ctx, async (tx) => {
        await reserveGroupPolicyNumbers(
          tx,
          companyId,
          numbers,
          policies.map((p) => p.policyId),
          schemeId,
        );
        // Issue #22: the funeral limit per life, across the person's other schemes and individual cover.
        await checkLifeCovers(tx, { companyId, caps, now: ctx.now, lives: added.lives, individual });
        await recordSchemeLifeCover(tx, companyId, added.rows);
        // Scheme members are insured people: they take places of the member limit (last: it locks the quota row).
        await takeMemberPlaces(tx, companyId, events.filter((e) => e.type === 'SchemeMemberAdded').length);
      }),
    );
    return {
      schemeId,
      mainMembersAdded: parsed.mainMembers.length,
      familyMembersAdded: parsed.mainMembers.reduce((n, m) => n + m.familyMembers.length, 0),
      droppedRows: droppedSchemeRows(input),
      append,
    };
  });
}

export function decideAddSchemeMembers(
  state: GroupSchemeState,
  command: { companyId: string; members: NewSchemeMembers },
  ctx: CommandContext,
): GroupSchemeEvent[] {
  assertOwnScheme(state, command.companyId);
  checkNewMembers(state.members, command.members);
  return newSchemeMemberEvents({ schemeId: state.schemeId, companyId: state.companyId }, command.members, ctx);
}

export const addSchemeMembersSlice = commandSlice({
  name: 'addSchemeMembers',
  operation: 'group_schemes:update',
  target: 'schemeId',
  input: groupSchemeMembersSchemaOn,
  handle: ({ store, sql }, { target, input }, ctx) => addSchemeMembers(store, sql, target, input, ctx),
});
