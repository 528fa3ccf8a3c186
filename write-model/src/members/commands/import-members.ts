import { z } from 'zod';
import type { AppendResult, EventStore, NewEvent, StreamAppend } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { MAX_INTEGER } from '../../validation/decimal.ts';
import { CSV_MEMBER_COLUMNS, type CsvMemberColumn, type CsvMemberRow } from '../../validation/members-csv.ts';
import { ConcurrencyError, DomainError, isDomainError } from '../../errors.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { limitReachedReason, readQuota, takeMemberPlaces, UNLIMITED } from '../member-quota.ts';
import { mandatePii, policyStreamId, type PolicyEvent, type PolicyIssued } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../../policies/policies.state.ts';
import { loadFuneralCaps } from '../../policies/lives.ts';
import { checkLifeCovers, lifeCoverProblem, livesJoining, schemeCoversOf, type NewLifeCover } from '../life-cover-cap.ts';
import { decideSetMandate, reserveMandateReferences } from '../../policies/commands/set-mandate.ts';
import { holders, mandateReferenceScope } from '../../collections/reservations.ts';
import { CSV_MANDATE_MESSAGES, csvRowMandateInput, mandateReferenceKey, type FuneralCaps } from '../../validation/index.ts';
import { reservePolicyNumbers } from '../../policies/policy-numbers.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { decideRegisterMember, southAfricanDate } from '../members.decider.ts';
import { memberPii, memberStreamId } from '../members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../members.state.ts';
import { findChunkResult, reserveIdentifiers, saveChunkResult, type ImportChunkResult, type ImportRowFailure } from '../member-imports.ts';
import { assertChunkShape, planChunk, rowKey, mainMemberKey } from './import-plan.ts';
import { formatPolicyNumber } from './register-member.ts';
import { nameReservation } from '../../policy-types/commands/create-policy-type.ts';

/** One CSV row as read from the file: every column a string (a missing or null cell is absent). */
const csvCell = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const csvRowSchema = z
  .object(Object.fromEntries(CSV_MEMBER_COLUMNS.map((column) => [column, csvCell])) as Record<CsvMemberColumn, typeof csvCell>)
  .meta({ description: 'One CSV row as read from the file: every column a string.' });

const importChunkSchema = z.object({
  importId: z
    .string({ error: 'importId is required' })
    .trim()
    .min(1, 'importId is required')
    .max(100)
    .meta({ description: 'One id per upload; with chunkIndex it makes a retried chunk import once.' }),
  // chunk_index is an integer column: a larger number would be refused by PostgreSQL, not by us.
  chunkIndex: z
    .number({ error: 'chunkIndex must be a whole number' })
    .int()
    .min(0)
    .max(MAX_INTEGER, `chunkIndex cannot be more than ${MAX_INTEGER}`),
  firstRowNumber: z
    .number({ error: 'firstRowNumber must be a whole number' })
    .int()
    .min(2)
    .max(MAX_INTEGER, `firstRowNumber cannot be more than ${MAX_INTEGER}`)
    .meta({ description: 'CSV row number (index + 2) of rows[0].' }),
  rows: z.array(csvRowSchema, { error: 'rows must be a list of CSV rows' }),
  moreChunks: z.boolean({ error: 'moreChunks must be true or false' }).optional().meta({
    description:
      "True when more chunks of this import follow: the answer then waits only for the read models to hold the chunks before this one (the next chunk's work overlaps this one's projection). The last chunk leaves it out and is answered once every chunk is in the read models.",
  }),
});

const MAX_ATTEMPTS = 4;
const memberFold = { initialState: initialMemberState, evolve: evolveMember };

/**
 * The bulk import: one chunk of CSV rows (the dialog sends 500 at a time). Every row is validated
 * again, family rows find their main member (earlier in the file or already a member), rows past
 * the member limit are reported, and the chunk's members, policies and links are appended in one
 * transaction. A retried chunk answers with its first result.
 */
export async function importMembers(
  store: EventStore,
  sql: SqlExecutor,
  input: unknown,
  ctx: CommandContext,
): Promise<{ result: ImportChunkResult; append: AppendResult | null; readYourWrites: 'own' | 'earlier' }> {
  const companyId = requireCompany(ctx);
  const chunk = parseInput(importChunkSchema, input);
  assertChunkShape(chunk);
  const chunkCtx: CommandContext = { ...ctx, commandId: `import:${companyId}:${chunk.importId}:${chunk.chunkIndex}` };
  const readYourWrites = chunk.moreChunks ? 'earlier' : 'own';
  for (let attempt = 1; ; attempt++) {
    const stored = await findChunkResult(sql, companyId, chunk.importId, chunk.chunkIndex);
    if (stored) return { result: stored, append: null, readYourWrites };
    try {
      return { ...(await importOnce(store, sql, companyId, chunk, chunkCtx)), readYourWrites };
    } catch (error) {
      // Another writer took an SA ID, a place or a main member's version meanwhile: plan again.
      const retriable =
        error instanceof ConcurrencyError || (isDomainError(error) && ['ALREADY_EXISTS', 'LIMIT_REACHED'].includes(error.code));
      if (!retriable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function importOnce(
  store: EventStore,
  sql: SqlExecutor,
  companyId: string,
  chunk: z.output<typeof importChunkSchema>,
  ctx: CommandContext,
): Promise<{ result: ImportChunkResult; append: AppendResult | null }> {
  const policyTypes = await loadPolicyTypes(
    store,
    sql,
    companyId,
    chunk.rows.map((r) => r.policyTypeId),
  );
  const existing = await existingMembers(sql, companyId, chunk.rows);
  const takenReferences = await takenMandateReferences(sql, companyId, chunk.rows);
  const { planned, failed } = planChunk(chunk.rows, chunk.firstRowNumber, {
    policyTypes: [...policyTypes.values()].map((type) => ({ id: type.policyTypeId, name: type.name })),
    existing,
    takenReferences,
    newId: ctx.newId,
    today: southAfricanDate(ctx.now),
  });

  const quota = await readQuota(sql, companyId);
  let available = quota.limit === UNLIMITED ? Number.POSITIVE_INFINITY : Math.max(0, quota.limit - quota.used);
  const reason = limitReachedReason(quota.limit, quota.limit);
  const streams = new Map<string, StreamAppend>();
  const add = (streamId: string, expected: StreamAppend['expectedVersion'], events: NewEvent[]) => {
    const stream = streams.get(streamId) ?? { streamId, expectedVersion: expected, events: [] };
    stream.events.push(...events);
    streams.set(streamId, stream);
  };
  const mainStates = new Map<string, MemberState>();
  // Issue #22: the policy covering each main member's family (a life joins one with a benefit table).
  const mainPolicies = new Map<string, { policyId: string; state: PolicyState }>();
  const priced = [...policyTypes.values()].some((t) => (t.benefits?.length ?? 0) > 0);
  let caps: FuneralCaps | null = priced ? await loadFuneralCaps(store) : null;
  const capsFor = async () => (caps ??= await loadFuneralCaps(store));
  const importedKeys: string[] = [];
  // Issue #22: the lives given cover, held against the limit per life with their group-scheme cover.
  const coveredLives: NewLifeCover[] = [];
  const importedIds: string[] = [];
  let skippedForLimit = 0;
  const issued: PolicyIssued[] = [];
  const mandates: { reference: string; policyId: string }[] = [];
  const policyCount = planned.filter((p) => p.input.isMainMember && p.input.policyTypeId).length;
  // The group-scheme cover of the chunk's SA IDs, read once when a row first gives cover (the append checks it again under lock).
  let schemeCovers: Map<string, string> | null = null;
  let nextPolicyNumber = policyCount > 0 ? await allocateNumbers(sql, companyId, 'policy', policyCount) : 0;

  for (const row of planned) {
    const rowFailed = (errors: string[]) => failed.push({ rowNumber: row.rowNumber, errors });
    if (available <= 0) {
      skippedForLimit++;
      rowFailed([reason]);
      continue;
    }
    let main: MemberState | null = null;
    if (!row.input.isMainMember) {
      main = mainStates.get(row.input.mainMemberId!) ?? null;
      if (!main && row.mainInChunk) {
        rowFailed(['Its main member (earlier in the file) was not imported, so this family member was not either']);
        continue;
      }
      if (!main) {
        const loaded = await loadState(store, memberStreamId(row.input.mainMemberId!), memberFold);
        main = loaded.state;
        // Kept for the chunk's later family rows under the same main member: loading it again would
        // reset its stream entry and drop the links already added to it (a family member without
        // its FamilyMemberAdded, so its main member could be deleted from under it).
        mainStates.set(row.input.mainMemberId!, main);
        streams.set(memberStreamId(row.input.mainMemberId!), {
          streamId: memberStreamId(row.input.mainMemberId!),
          expectedVersion: expectedVersion(loaded.version),
          events: [],
        });
        const policyId = main.status === 'active' ? main.policyIds.at(-1) : undefined;
        if (policyId) {
          const policy = await loadState(store, policyStreamId(policyId), { initialState: initialPolicyState, evolve: evolvePolicy });
          mainPolicies.set(row.input.mainMemberId!, { policyId, state: policy.state });
          if (policy.state.status !== 'none' && policy.state.benefits) {
            await capsFor();
            streams.set(policyStreamId(policyId), {
              streamId: policyStreamId(policyId),
              expectedVersion: expectedVersion(policy.version),
              events: [],
            });
          }
        }
      }
    }
    const mainPolicy = row.input.isMainMember ? null : (mainPolicies.get(row.input.mainMemberId!) ?? null);
    const type = row.input.isMainMember && row.input.policyTypeId ? (policyTypes.get(row.input.policyTypeId) ?? null) : null;
    if (row.mandate && !type) {
      rowFailed([CSV_MANDATE_MESSAGES.needsPolicy]);
      continue;
    }
    try {
      const decided = decideRegisterMember(
        {
          memberId: row.memberId,
          companyId,
          input: row.input,
          source: 'bulk_import',
          mainMember: main,
          policy: type
            ? { policyId: ctx.newId(), policyNumber: formatPolicyNumber(nextPolicyNumber++, ctx.now), policyType: type, agentId: null }
            : null,
          mainPolicy: mainPolicy?.state ?? null,
          caps,
        },
        ctx,
      );
      const joinedPolicy = decided.policy.reduce(
        evolvePolicy,
        row.input.isMainMember ? initialPolicyState : (mainPolicy?.state ?? initialPolicyState),
      );
      const [life] = livesJoining(joinedPolicy, [
        { memberId: row.memberId, saId: row.input.saId, firstName: row.input.firstName, lastName: row.input.lastName, path: [] },
      ]);
      if (life && life.cover !== '0') {
        schemeCovers ??= await schemeCoversOf(
          sql,
          companyId,
          planned.flatMap((p) => (p.input.saId ? [p.input.saId] : [])),
        );
        const problem = lifeCoverProblem({ caps: await capsFor(), now: ctx.now, life, schemes: schemeCovers.get(life.saId) ?? '0' });
        if (problem) {
          rowFailed([problem]);
          continue;
        }
        coveredLives.push(life);
      }
      add(
        memberStreamId(row.memberId),
        'no_stream',
        decided.member.map((e) => toNewEvent(e, memberPii)),
      );
      if (decided.mainMember.length > 0)
        add(
          memberStreamId(row.input.mainMemberId!),
          'stream_exists',
          decided.mainMember.map((e) => toNewEvent(e)),
        );
      // The mandate follows PolicyIssued on the new policy's stream, in the same append (issue #21).
      const policyEvents: PolicyEvent[] = [...decided.policy];
      if (row.mandate && decided.policy.length > 0) {
        const policyState = decided.policy.reduce(evolvePolicy, initialPolicyState);
        policyEvents.push(decideSetMandate(policyState, companyId, row.mandate));
      }
      const newPolicy = decided.policy.some((e) => e.type === 'PolicyIssued');
      if (policyEvents.length > 0)
        add(
          policyStreamId(decided.policy[0]!.data.policyId),
          newPolicy ? 'no_stream' : 'stream_exists',
          policyEvents.map((e) => toNewEvent(e, mandatePii)),
        );
      if (newPolicy && row.input.isMainMember) {
        mainPolicies.set(row.memberId, {
          policyId: decided.policy[0]!.data.policyId,
          state: policyEvents.reduce(evolvePolicy, initialPolicyState),
        });
      } else if (mainPolicy && decided.policy.length > 0) {
        mainPolicy.state = decided.policy.reduce(evolvePolicy, mainPolicy.state);
      }
      if (row.mandate && decided.policy[0])
        mandates.push({ reference: row.mandate.mandateReference, policyId: decided.policy[0].data.policyId });
      issued.push(...decided.policy.filter((e): e is PolicyIssued => e.type === 'PolicyIssued'));
      if (row.input.isMainMember) mainStates.set(row.memberId, decided.member.reduce(evolveMember, initialMemberState));
      else mainStates.set(row.input.mainMemberId!, decided.mainMember.reduce(evolveMember, main!));
      importedKeys.push(row.key);
      importedIds.push(row.memberId);
      available--;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      rowFailed([error.message]);
    }
  }

  const result: ImportChunkResult = {
    imported: importedIds.length,
    failed: failed.sort((a, b) => a.rowNumber - b.rowNumber),
    skippedForLimit,
  };
  // Members first, then family links on main members, then policies: the events of one kind arrive
  // together, so projectors can apply each run with one set-based statement.
  const rank = (s: StreamAppend) => (s.streamId.startsWith(policyStreamId('')) ? 2 : s.events[0]?.type === 'MemberRegistered' ? 0 : 1);
  const nonEmpty = [...streams.values()].filter((s) => s.events.length > 0).sort((a, b) => rank(a) - rank(b));
  if (nonEmpty.length === 0) return { result, append: null };
  const coverCaps = coveredLives.length > 0 ? await capsFor() : null;
  const append = await store.append(
    nonEmpty,
    appendOptions(ctx, async (tx) => {
      if (!(await reserveIdentifiers(tx, `member-identifier:${companyId}`, importedKeys, importedIds))) {
        throw new DomainError('ALREADY_EXISTS', 'An SA ID or passport number of this file was registered meanwhile');
      }
      if (coverCaps) await checkLifeCovers(tx, { companyId, caps: coverCaps, now: ctx.now, lives: coveredLives });
      await reservePolicyNumbers(
        tx,
        companyId,
        issued.map((p) => p.data.policyNumber),
        issued.map((p) => p.data.policyId),
      );
      if (!(await reserveMandateReferences(tx, companyId, mandates))) {
        throw new DomainError('ALREADY_EXISTS', 'A mandate reference of this file was taken meanwhile');
      }
      await saveChunkResult(tx, companyId, chunk.importId, chunk.chunkIndex, result);
      // Last: the company's quota row stays locked until the commit (member-quota.ts).
      await takeMemberPlaces(tx, companyId, importedIds.length);
    }),
  );
  return { result, append };
}

/**
 * The company's policy types the chunk's cells name: by id, or by name (issue #20: a book migrated from
 * another system knows its products by name). Names are found through the write side's name
 * reservations (create-policy-type.ts), which hold every current name of the company, lower-cased.
 */
async function loadPolicyTypes(store: EventStore, sql: SqlExecutor, companyId: string, cells: (string | undefined)[]) {
  const types = new Map<string, PolicyTypeState & { status: 'exists' }>();
  const given = [...new Set(cells.map((v) => v?.trim()).filter((v): v is string => !!v))];
  const ids = new Set(given.filter((v) => /^[0-9a-f-]{36}$/i.test(v)));
  const names = given.filter((v) => !ids.has(v)).map((v) => nameReservation(companyId, v, '').key);
  if (names.length > 0) {
    const named = await sql.query<{ owner_id: string }>(`select owner_id from reservations where scope = $1 and key = any($2::text[])`, [
      nameReservation(companyId, '', '').scope,
      names,
    ]);
    for (const row of named) ids.add(row.owner_id);
  }
  for (const id of ids) {
    const { state } = await loadState(store, policyTypeStreamId(id), { initialState: initialPolicyTypeState, evolve: evolvePolicyType });
    if (state.status === 'exists' && state.companyId === companyId) types.set(id, state);
  }
  return types;
}

/** Identifier key → member id for every SA ID / passport the chunk names (its rows and their main members). */
async function existingMembers(sql: SqlExecutor, companyId: string, rows: readonly Record<string, string | undefined>[]) {
  const keys = new Set<string>();
  for (const row of rows) {
    keys.add(rowKey(row));
    if (row.mainMemberIdentifier?.trim()) keys.add(mainMemberKey(row.mainMemberIdentifier));
  }
  const found = await sql.query<{ key: string; owner_id: string }>(
    `select key, owner_id from reservations where scope = $1 and key = any($2::text[])`,
    [`member-identifier:${companyId}`, [...keys]],
  );
  return new Map(found.map((r) => [r.key, r.owner_id]));
}

/** The mandate references the chunk's rows give that a policy of the company holds already. */
async function takenMandateReferences(sql: SqlExecutor, companyId: string, rows: readonly CsvMemberRow[]) {
  const references = rows
    .map((row) => csvRowMandateInput(row)?.mandateReference)
    .filter((r): r is string => typeof r === 'string' && r !== '');
  const held = await holders(sql, mandateReferenceScope(companyId), [...new Set(references.map(mandateReferenceKey))]);
  return new Set(held.keys());
}

export type { ImportChunkResult, ImportRowFailure };

export const importMembersSlice = commandSlice({
  name: 'importMembers',
  operation: 'members:import',
  input: () => importChunkSchema,
  handle: async ({ store, sql }, { input }, ctx) => importMembers(store, sql, input, ctx),
});
