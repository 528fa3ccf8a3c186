import type { EventStore } from '../event-store/types.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import { loadState } from '../command-handling/handle.ts';
import type { Decider, DomainEvent } from '../command-handling/decider.ts';
import { ConcurrencyError, DomainError, type Issue } from '../errors.ts';
import { policyStreamId } from '../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies/policies.state.ts';
import {
  ageOn,
  capFor,
  centsToDecimal,
  decimalToCents,
  formatRand,
  saIdDateOfBirth,
  southAfricanDate,
  type FuneralCaps,
} from '../validation/index.ts';
import { memberStreamId } from './members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from './members.state.ts';
import { findMemberIdByIdentifier } from './member-identifiers.ts';

/*
 * The Insurance Act's funeral limits are per life across all of the company's cover on that person,
 * matched by SA ID (issue #22): a person's individual life (one member per SA ID in a company) plus every
 * group scheme they are on (an SA ID is unique within a scheme, not across schemes). Decided in the
 * append transaction (ADR 0002): the person is locked for the transaction (an advisory lock on company and
 * SA ID, taken by every command that gives a person scheme or individual cover), then their cover is read
 * as committed and the new cover refused if the total would pass the limit for their age.
 *
 * A scheme member's cover is kept in scheme_life_covers (written and removed with the scheme's events,
 * filled once from the log for schemes recorded before, group-schemes/scheme-life-covers-backfill.ts);
 * the individual life's cover is read from its member and policy streams before the transaction (a read
 * inside it would wait on PGlite's one connection) and checked unchanged inside it, under the lock: the
 * same holder of the SA ID and the same stream versions, else the command is run again (ConcurrencyError).
 */

/**
 * Serialises everything that gives these people cover in this company until the transaction ends: one
 * statement, the locks taken in the order of the SA IDs (unnest reads the array in order), so two commands
 * over the same people cannot wait on each other.
 */
export async function lockPeople(tx: SqlExecutor, companyId: string, saIds: readonly string[]): Promise<void> {
  const keys = [...new Set(saIds)].sort().map((saId) => `life-cover:${companyId}:${saId}`);
  if (keys.length === 0) return;
  await tx.query(`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from unnest($1::text[]) as k`, [keys]);
}

/** The cover a life has on a policy: its own on a policy with a benefit table, else the policy's; none once ended. */
export function lifeCoverOn(policy: PolicyState, memberId: string): string {
  if (policy.status === 'none' || policy.status === 'cancelled') return '0';
  const own = policy.lives.find((l) => l.memberId === memberId);
  return own ? own.coverAmount : policy.lives.length > 0 ? '0' : policy.coverageAmount;
}

/** A person's individual cover as read: the member holding the SA ID and the streams it was read from, at their versions. */
export type IndividualCover = { cover: string; memberId: string | null; streams: { streamId: string; version: number }[] };

/** The individual cover on the person holding this SA ID in the company: their life on their (or their main member's) latest policy. */
export async function individualCoverOf(store: EventStore, sql: SqlExecutor, companyId: string, saId: string): Promise<IndividualCover> {
  const memberId = await findMemberIdByIdentifier(sql, companyId, `sa:${saId}`);
  if (!memberId) return { cover: '0', memberId: null, streams: [] };
  const read: IndividualCover['streams'] = [];
  const load = async <S, E extends DomainEvent>(streamId: string, fold: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>) => {
    const { state, version } = await loadState(store, streamId, fold);
    read.push({ streamId, version });
    return state;
  };
  const member = await load(memberStreamId(memberId), { initialState: initialMemberState, evolve: evolveMember });
  let policyId = member.status === 'active' ? member.policyIds.at(-1) : undefined;
  if (member.status === 'active' && !member.isMainMember && member.mainMemberId) {
    const main = await load(memberStreamId(member.mainMemberId), { initialState: initialMemberState, evolve: evolveMember });
    policyId = main.status === 'active' ? main.policyIds.at(-1) : undefined;
  }
  if (!policyId) return { cover: '0', memberId, streams: read };
  const policy = await load(policyStreamId(policyId), { initialState: initialPolicyState, evolve: evolvePolicy });
  return { cover: lifeCoverOn(policy, memberId), memberId, streams: read };
}

/** Each person's individual cover, read before the append (checkLifeCovers checks it unchanged inside). */
export async function readIndividualCovers(
  store: EventStore,
  sql: SqlExecutor,
  companyId: string,
  lives: readonly NewLifeCover[],
): Promise<Map<string, IndividualCover>> {
  const found = new Map<string, IndividualCover>();
  for (const life of lives) if (!found.has(life.saId)) found.set(life.saId, await individualCoverOf(store, sql, companyId, life.saId));
  return found;
}

async function assertUnchanged(tx: SqlExecutor, companyId: string, saId: string, seen: IndividualCover): Promise<void> {
  const holder = await findMemberIdByIdentifier(tx, companyId, `sa:${saId}`);
  if (holder !== seen.memberId) throw new ConcurrencyError(`member-identifier:${saId}`, seen.memberId, null);
  for (const stream of seen.streams) {
    const [row] = await tx.query<{ version: number }>(
      // es_streams holds each stream's version (es_append checks and moves it): one key read, where
      // es_events would be searched in every partition of a partitioned log.
      `select coalesce((select version from es_streams where stream_id = $1), 0)::int as version`,
      [stream.streamId],
    );
    if ((row?.version ?? 0) !== stream.version) throw new ConcurrencyError(stream.streamId, stream.version, row?.version ?? null);
  }
}

/** Each person's cover on group schemes, by SA ID (none: '0'), in one read. */
export async function schemeCoversOf(tx: SqlExecutor, companyId: string, saIds: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(saIds)];
  const rows =
    wanted.length === 0
      ? []
      : await tx.query<{ sa_id: string; cover: string }>(
          `select sa_id, sum(cover)::text as cover from scheme_life_covers where company_id = $1 and sa_id = any($2::text[]) group by sa_id`,
          [companyId, wanted],
        );
  const covers = new Map(wanted.map((saId) => [saId, '0']));
  for (const row of rows) covers.set(row.sa_id, row.cover);
  return covers;
}

export async function recordSchemeLifeCover(
  tx: SqlExecutor,
  companyId: string,
  lives: readonly { schemeMemberId: string; schemeId: string; saId: string; cover: string }[],
): Promise<void> {
  for (const life of lives) {
    await tx.query(
      `insert into scheme_life_covers (company_id, sa_id, scheme_member_id, scheme_id, cover) values ($1, $2, $3, $4, $5)
       on conflict (scheme_member_id) do nothing`,
      [companyId, life.saId, life.schemeMemberId, life.schemeId, life.cover],
    );
  }
}

export async function releaseSchemeLifeCover(tx: SqlExecutor, companyId: string, schemeMemberIds: readonly string[]): Promise<void> {
  if (schemeMemberIds.length === 0) return;
  await tx.query(`delete from scheme_life_covers where company_id = $1 and scheme_member_id = any($2::uuid[])`, [
    companyId,
    [...schemeMemberIds],
  ]);
}

const sum = (...amounts: string[]) => centsToDecimal(amounts.reduce((total, a) => total + decimalToCents(a), 0n));

/**
 * The refusal when a person's cover in all would pass the funeral limit for their age (null: within it).
 * Pure: the decider tests give it every case of the limits.
 */
export function lifeCoverRefusal(
  caps: FuneralCaps,
  life: { name: string; saId: string; dateOfBirth: string | null; today: string },
  cover: { individual: string; schemes: string; adding: string },
): string | null {
  if (decimalToCents(cover.adding) <= 0n) return null;
  const age = life.dateOfBirth ? ageOn(life.dateOfBirth, life.today) : null;
  if (age === null) return null;
  const cap = capFor(caps, age);
  const total = sum(cover.individual, cover.schemes, cover.adding);
  if (decimalToCents(total) <= decimalToCents(cap.amount)) return null;
  const held = sum(cover.individual, cover.schemes);
  return (
    `${life.name} (SA ID ${life.saId}, aged ${age}) would be covered for ${formatRand(total)} in all across the company's policies and ` +
    `group schemes (${formatRand(held)} held, ${formatRand(cover.adding)} added): more than ${formatRand(cap.amount)}, the Insurance ` +
    `Act's funeral limit for ${cap.rule}.`
  );
}

export type NewLifeCover = { name: string; saId: string; cover: string; path: Issue['path'] };

/** The people joining a policy, each with the cover the policy gives them once its events are applied. */
export function livesJoining(
  policy: PolicyState,
  people: readonly { memberId: string; saId: string | null; firstName: string; lastName: string; path: Issue['path'] }[],
): NewLifeCover[] {
  return people.flatMap((p) =>
    p.saId ? [{ name: `${p.firstName} ${p.lastName}`, saId: p.saId, cover: lifeCoverOn(policy, p.memberId), path: p.path }] : [],
  );
}

/**
 * The people of a policy whose cover its new events raise (a policy issued to a member registered without
 * one, a change of type), each with their new cover: held against the limit with their scheme cover (their
 * individual cover is this life: one member per SA ID).
 */
export function livesGainingCover(
  before: PolicyState,
  after: PolicyState,
  people: readonly MemberState[],
  path: Issue['path'],
): NewLifeCover[] {
  const gaining = people.filter(
    (p): p is Exclude<MemberState, { status: 'none' }> =>
      p.status === 'active' && decimalToCents(lifeCoverOn(after, p.memberId)) > decimalToCents(lifeCoverOn(before, p.memberId)),
  );
  return livesJoining(
    after,
    gaining.map((p) => ({
      memberId: p.memberId,
      saId: p.saId ?? saIdOfKey(p.identifierKey),
      firstName: p.firstName,
      lastName: p.lastName,
      path,
    })),
  );
}

const saIdOfKey = (key: string) => (key.startsWith('sa:') ? key.slice(3) : null);

/**
 * The same reading without the lock, for a command that reports refusals per row before its append (the
 * import, which reads the scheme cover of its rows' SA IDs once with schemeCoversOf): the append
 * transaction decides again with the lock.
 */
export function lifeCoverProblem(args: { caps: FuneralCaps; now: Date; life: NewLifeCover; schemes: string }): string | null {
  const { schemes } = args;
  return lifeCoverRefusal(
    args.caps,
    {
      name: args.life.name,
      saId: args.life.saId,
      dateOfBirth: saIdDateOfBirth(args.life.saId, args.now),
      today: southAfricanDate(args.now),
    },
    { individual: '0', schemes, adding: args.life.cover },
  );
}

/**
 * In the append transaction: locks each person, reads their scheme cover as committed, checks their individual
 * cover unchanged since `individual` was read (none given: a life being registered, who has none yet), and
 * refuses (422, naming the limit and the total) every life whose total would pass it.
 */
export async function checkLifeCovers(
  tx: SqlExecutor,
  args: {
    companyId: string;
    caps: FuneralCaps;
    now: Date;
    lives: readonly NewLifeCover[];
    individual?: ReadonlyMap<string, IndividualCover>;
  },
): Promise<void> {
  const today = southAfricanDate(args.now);
  const saIds = args.lives.map((life) => life.saId);
  await lockPeople(tx, args.companyId, saIds);
  const schemeCovers = await schemeCoversOf(tx, args.companyId, saIds);
  const issues: Issue[] = [];
  for (const life of args.lives) {
    const seen = args.individual?.get(life.saId);
    if (seen) await assertUnchanged(tx, args.companyId, life.saId, seen);
    const individual = seen?.cover ?? '0';
    const schemes = schemeCovers.get(life.saId) ?? '0';
    const refused = lifeCoverRefusal(
      args.caps,
      { name: life.name, saId: life.saId, dateOfBirth: saIdDateOfBirth(life.saId, args.now), today },
      { individual, schemes, adding: life.cover },
    );
    if (refused) issues.push({ path: life.path, message: refused });
  }
  if (issues.length > 0) throw new DomainError('RULE_VIOLATED', issues[0]!.message, issues);
}
