import type { CommandContext } from '../../command-handling/context.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import type { Keyring } from '../../event-store/pii.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { EventStore } from '../../event-store/types.ts';
import { erasureSchema } from '../../validation/audit.ts';
import { releaseDeceasedOfSubjects } from '../../claims/claim-deceased.ts';
import { addYears, southAfricanDate } from '../../validation/dates.ts';
import { auditStreamId, maskIdentifier, type PersonalDataErased, type PersonalDataErasureRefused } from '../audit.events.ts';
import { releaseSchemeLifeCover } from '../../members/life-cover-cap.ts';
import { schemeMemberSubjectId } from '../../group-schemes/group-schemes.events.ts';

/** What the read models know about the person (gathered before deciding; projections/compliance/person.queries.ts). */
export type PersonFacts = {
  subjects: { subjectId: string; kind: string; recordId: string; label: string }[];
  openClaims: { claimNumber: string }[];
  activePolicies: { policyNumber: string }[];
  /** YYYY-MM-DD of the latest payment or claim payment concerning the person. */
  lastFinancialEvent: string | null;
  activeStaff: { kind: 'agent' | 'user'; label: string }[];
};

export type ErasePersonalData = {
  companyId: string;
  input: unknown;
  facts: PersonFacts;
  retentionYears: number;
  /** Events sealed with the person's keys (what the erasure makes unreadable). */
  eventsAffected: number;
};

export const NO_PERSONAL_DATA = 'No personal data is held for this ID or passport number';

/** The end of the retention period: `years` after the last financial event (YYYY-MM-DD). */
export function retentionEnds(lastFinancialEvent: string, years: number): string {
  return addYears(lastFinancialEvent, years);
}

/** Every reason the law requires the data to be kept, in words ([] = erasure may go ahead). */
export function legalHolds(facts: PersonFacts, today: string, retentionYears: number): string[] {
  const holds: string[] = [];
  if (facts.openClaims.length > 0) holds.push(`The person has an open claim (${facts.openClaims.map((c) => c.claimNumber).join(', ')}).`);
  if (facts.activePolicies.length > 0)
    holds.push(`The person has an active policy (${facts.activePolicies.map((p) => p.policyNumber).join(', ')}).`);
  if (facts.lastFinancialEvent) {
    const until = retentionEnds(facts.lastFinancialEvent, retentionYears);
    if (today < until)
      holds.push(`Inside the retention period until ${until} after the last financial event (${facts.lastFinancialEvent}).`);
  }
  for (const staff of facts.activeStaff)
    holds.push(`The person has an active ${staff.kind === 'agent' ? 'agent record' : 'user account'} (${staff.label}).`);
  return holds;
}

export function decideErasure(command: ErasePersonalData, ctx: CommandContext): [PersonalDataErased] | [PersonalDataErasureRefused] {
  const { idNumber, reason } = parseInput(erasureSchema, command.input);
  if (command.facts.subjects.length === 0) throw new NotFoundError(NO_PERSONAL_DATA);
  const subjectReference = maskIdentifier(idNumber);
  // South African: the retention period ends at midnight there, not two hours later at UTC midnight.
  const today = southAfricanDate(ctx.now);
  const holds = legalHolds(command.facts, today, command.retentionYears);
  if (holds.length > 0) {
    return [{ type: 'PersonalDataErasureRefused', data: { companyId: command.companyId, subjectReference, reason, holds } }];
  }
  const subjectIds = [...new Set(command.facts.subjects.map((s) => s.subjectId))].sort();
  return [
    {
      type: 'PersonalDataErased',
      data: { companyId: command.companyId, subjectReference, subjectIds, reason, eventsAffected: command.eventsAffected },
    },
  ];
}

export type ErasureOutcome = PersonalDataErased['data'] & { erasedAt: Date; append: Awaited<ReturnType<EventStore['append']>> };

/**
 * ErasePersonalData. A refusal is recorded (the request and its reasons are part of the trail) and
 * then answered with LEGAL_HOLD. An erasure destroys the subjects' keys and releases their member
 * identifiers in the same transaction as its event, so either both happen or neither; the caller
 * then rebuilds the read models, which keep plain copies while a key exists.
 */
export async function erasePersonalData(
  store: EventStore,
  keyring: Keyring,
  command: ErasePersonalData,
  ctx: CommandContext,
): Promise<ErasureOutcome> {
  const [event] = decideErasure(command, ctx);
  const memberIds = command.facts.subjects.filter((s) => s.kind === 'member' || s.kind === 'family_member').map((s) => s.recordId);
  const append = await store.append([{ streamId: auditStreamId(command.companyId), expectedVersion: 'any', events: [event] }], {
    commandId: ctx.commandId,
    companyId: command.companyId,
    actorUserId: ctx.actor.userId,
    ...(event.type === 'PersonalDataErased'
      ? { inTransaction: (tx: SqlExecutor) => destroyKeys(tx, command.companyId, event.data.subjectIds, memberIds) }
      : {}),
  });
  if (event.type === 'PersonalDataErasureRefused') {
    throw new DomainError(
      'LEGAL_HOLD',
      `The personal data cannot be erased yet. ${event.data.holds.join(' ')}`,
      event.data.holds.map((message) => ({ path: ['idNumber'], message })),
    );
  }
  // The same destruction again, through the keyring: its cache forgets the keys at once.
  for (const subjectId of event.data.subjectIds) await keyring.destroy(subjectId);
  return { ...event.data, erasedAt: ctx.now, append };
}

async function destroyKeys(tx: SqlExecutor, companyId: string, subjectIds: string[], memberIds: string[]): Promise<void> {
  await tx.query(
    `insert into es_subject_keys (subject_id, wrapped_key, destroyed_at) select s, null, now() from unnest($1::text[]) as s
     on conflict (subject_id) do update set wrapped_key = null, destroyed_at = coalesce(es_subject_keys.destroyed_at, now())`,
    [subjectIds],
  );
  // The write side's own copy of the identifier (one SA ID or passport per member).
  if (memberIds.length > 0) {
    await tx.query(`delete from reservations where scope = $1 and owner_id = any($2::text[])`, [
      `member-identifier:${companyId}`,
      memberIds,
    ]);
  }
  // And of a deceased person whose claims are kept (paid): their SA ID leaves the claim reservations too.
  await releaseDeceasedOfSubjects(tx, companyId, subjectIds);
  // A scheme member's SA ID and cover kept for the funeral limit per life (issue #22).
  const schemeMemberIds = subjectIds
    .filter((s) => s.startsWith(schemeMemberSubjectId('')))
    .map((s) => s.slice(schemeMemberSubjectId('').length));
  await releaseSchemeLifeCover(tx, companyId, schemeMemberIds);
}
