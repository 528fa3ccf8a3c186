import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { takeMemberPlaces } from '../../members/member-quota.ts';
import { checkLifeCovers, readIndividualCovers, recordSchemeLifeCover } from '../../members/life-cover-cap.ts';
import { loadFuneralCaps } from '../../policies/lives.ts';
import { schemeLivesAdded } from '../scheme-life-covers.ts';
import type { SchemeMemberAdded } from '../group-schemes.events.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { groupSchemeSchemaOn, southAfricanDate } from '../../validation/index.ts';
import { checkNewMembers, newSchemeMemberEvents, type NewSchemeMembers } from '../group-schemes.decider.ts';
import { groupSchemeStreamId, groupSchemePii, type GroupSchemeEvent } from '../group-schemes.events.ts';
import { allocateGroupPolicyNumbers, reserveGroupPolicyNumbers } from '../group-policy-numbers.ts';
import { droppedSchemeRows, keptRowPositions } from '../scheme-rows.ts';

/**
 * POST /api/group-schemes {name, description, mainMembers}: the scheme and its first members in one
 * append. Incomplete rows are dropped by the schema; the answer says how many. Its members take places
 * of the company's member limit in the same transaction.
 */
export async function createGroupScheme(store: EventStore, sql: SqlExecutor, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(groupSchemeSchemaOn(southAfricanDate(ctx.now)), input);
  const positions = keptRowPositions(input);
  // Refusals first, so a refused scheme takes no policy numbers.
  checkNewMembers([], { mainMembers: parsed.mainMembers, positions });
  return withConflictRetry(async () => {
    const schemeId = ctx.newId();
    const numbers = await allocateGroupPolicyNumbers(sql, companyId, parsed.name, parsed.mainMembers.length);
    const policies = numbers.map((policyNumber) => ({ policyId: ctx.newId(), policyNumber }));
    const events = decideCreateGroupScheme(
      {
        schemeId,
        companyId,
        name: parsed.name,
        description: parsed.description,
        members: { mainMembers: parsed.mainMembers, positions, policies },
      },
      ctx,
    );
    const added = schemeLivesAdded(
      events.filter((e): e is SchemeMemberAdded => e.type === 'SchemeMemberAdded'),
      parsed.mainMembers,
      positions,
    );
    const caps = await loadFuneralCaps(store);
    const individual = await readIndividualCovers(store, sql, companyId, added.lives);
    const append = await store.append(
      [{ streamId: groupSchemeStreamId(schemeId), expectedVersion: 'no_stream', events: events.map((e) => toNewEvent(e, groupSchemePii)) }],
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
      // A retried command id answers with the first attempt's stream.
      schemeId: idFromStream(append.streams, groupSchemeStreamId('')),
      mainMembersAdded: parsed.mainMembers.length,
      familyMembersAdded: parsed.mainMembers.reduce((n, m) => n + m.familyMembers.length, 0),
      droppedRows: droppedSchemeRows(input),
      append,
    };
  });
}

export type CreateGroupScheme = { schemeId: string; companyId: string; name: string; description: string; members: NewSchemeMembers };

/** A new scheme (active) with its first main members and their families. */
export function decideCreateGroupScheme(command: CreateGroupScheme, ctx: CommandContext): GroupSchemeEvent[] {
  checkNewMembers([], command.members);
  const { schemeId, companyId, name, description } = command;
  return [
    { type: 'GroupSchemeCreated', data: { schemeId, companyId, name, description } },
    ...newSchemeMemberEvents({ schemeId, companyId }, command.members, ctx),
  ];
}

export const createGroupSchemeSlice = commandSlice({
  name: 'createGroupScheme',
  operation: 'group_schemes:create',
  input: groupSchemeSchemaOn,
  handle: ({ store, sql }, { input }, ctx) => createGroupScheme(store, sql, input, ctx),
});
