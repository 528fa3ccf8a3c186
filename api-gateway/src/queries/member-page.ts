import {
  entityHistory,
  NotFoundError,
  readableChanges,
  referencedIds,
  schemeMemberEntries,
  type AuditActor,
  type AuditEntry,
  type NamedKind,
  type ReadableChange,
} from '@fpa/write-model';
import {
  claimsOfPolicy,
  familyOf,
  findPolicy,
  listPayments,
  policiesOfMember,
  policyStatement,
  recordNames,
  type ClaimRow,
  type Connection,
  type MemberRow,
  type PaymentRow,
  type PolicyRow,
  type PolicyStatement,
} from '@fpa/projections';
import { ageOn, isIsoDate, saIdDateOfBirth, southAfricanDate } from '@fpa/write-model/validation';
import { may } from '../auth/policy.ts';
import { withClock } from './claims.ts';
import type { RequestContext } from '../context.ts';
import { member as findMember } from './portfolio.ts';
import { readIfAllowed, tenantRead } from './tenant.ts';

/*
 * Issue #22, the member's page: who the person is, the policies they hold (or the one covering them),
 * the family those policies cover, and per policy its statement, payments and claims. Each section
 * reads with the permission its own list needs: a section the caller's role may not read is null
 * (the page leaves it out), never an error that would cost the caller the sections they may read.
 */

export const MEMBER_NOT_FOUND = 'Member not found';

/** How many of a policy's payments the page shows, newest first (the Payments page has the rest). */
export const MEMBER_PAGE_PAYMENTS = 36;

/** The date of birth as entered, or the one an SA ID carries; null once erased or unknown. */
export function birthDateOf(member: Pick<MemberRow, 'dateOfBirth' | 'saId'>, now: Date): string | null {
  if (member.dateOfBirth && isIsoDate(member.dateOfBirth)) return member.dateOfBirth;
  return member.saId ? saIdDateOfBirth(member.saId, now) : null;
}

export function ageOf(ctx: RequestContext, member: Pick<MemberRow, 'dateOfBirth' | 'saId'>): number | null {
  const now = ctx.services.now();
  const born = birthDateOf(member, now);
  return born ? ageOn(born, southAfricanDate(now)) : null;
}

/** REST: an unknown member, or another company's, is a 404 (GraphQL answers null instead). */
export async function requireMember(ctx: RequestContext, id: string): Promise<MemberRow> {
  const found = await findMember(ctx, id);
  if (!found) throw new NotFoundError(MEMBER_NOT_FOUND);
  return found;
}

/**
 * The lives the member's policy covers: the main member first, then their family oldest first. For a
 * family member, the same list (their main member's); a family member whose main member is gone, alone.
 */
export async function livesOf(ctx: RequestContext, member: MemberRow): Promise<MemberRow[]> {
  const main = member.isMainMember ? member : member.mainMemberId ? await findMember(ctx, member.mainMemberId) : null;
  if (!main) return [member];
  return [main, ...(await familyOf(...tenantRead(ctx, 'members:read'), main.id))];
}

/** A main member's policies, newest first; for a family member, the main member's policy that covers them. */
export function policiesOf(ctx: RequestContext, member: MemberRow): Promise<PolicyRow[] | null> {
  return readIfAllowed(ctx, 'policies:read', async (read) => {
    if (member.isMainMember) return policiesOfMember(...read, member.id);
    const covering = member.policyId ? await findPolicy(...read, member.policyId) : null;
    return covering ? [covering] : [];
  });
}

/** Paid-up-to, balance and arrears as of today; null for a group-scheme policy (billed with its scheme). */
export function statementOf(ctx: RequestContext, policyId: string): Promise<PolicyStatement | null> {
  return readIfAllowed(ctx, 'policies:read', (read) => policyStatement(...read, policyId, southAfricanDate(ctx.services.now())));
}

export function paymentsOf(ctx: RequestContext, policyId: string, first = MEMBER_PAGE_PAYMENTS): Promise<Connection<PaymentRow> | null> {
  return readIfAllowed(ctx, 'payments:read', (read) => listPayments(...read, { policyId, first }));
}

export function claimsOf(ctx: RequestContext, policyId: string): Promise<ClaimRow[] | null> {
  return readIfAllowed(ctx, 'claims:read', async (read) => (await claimsOfPolicy(...read, policyId)).map((c) => withClock(ctx, c)));
}

/**
 * GET /api/members/{id}: the member with the summaries a phone call needs. `lives` always; `policies`
 * (with paid-up-to, balance and months in arrears), `payments` and `claims` each null when the caller's
 * role may not read them.
 */
export async function memberSummary(ctx: RequestContext, id: string) {
  const member = await requireMember(ctx, id);
  const [lives, policies] = await Promise.all([livesOf(ctx, member), policiesOf(ctx, member)]);
  const held = policies ?? [];
  const [statements, payments, claims] = await Promise.all([
    Promise.all(held.map((p) => statementOf(ctx, p.id))),
    Promise.all(held.map((p) => paymentsOf(ctx, p.id))),
    Promise.all(held.map((p) => claimsOf(ctx, p.id))),
  ]);
  const life = (m: MemberRow) => ({
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    isMainMember: m.isMainMember,
    relationship: m.relationship,
    otherRelationship: m.otherRelationship,
    saId: m.saId,
    passportNumber: m.passportNumber,
    dateOfBirth: m.dateOfBirth,
    birthDate: birthDateOf(m, ctx.services.now()),
    age: ageOf(ctx, m),
    status: m.status,
  });
  return {
    ...member,
    birthDate: birthDateOf(member, ctx.services.now()),
    age: ageOf(ctx, member),
    lives: lives.map(life),
    policies:
      policies === null
        ? null
        : held.map((p, i) => {
            const statement = statements[i] ?? null;
            return {
              ...p,
              paidUpTo: statement?.paidUpTo ?? null,
              balance: statement?.balance ?? null,
              monthsInArrears: statement?.monthsInArrears ?? null,
            };
          }),
    payments: policies !== null && may(ctx.user, 'payments:read') ? payments.flatMap((p) => p?.nodes ?? []) : null,
    claims: policies !== null && may(ctx.user, 'claims:read') ? claims.flatMap((c) => c ?? []) : null,
  };
}

/** One event of the member's page's history, in words (issue #22): the raw event stays in Audit. */
export type ReadableEntry = {
  position: number;
  occurredAt: Date;
  title: string;
  /** Whose record: the member's name, or the policy's number. */
  subject: string;
  actor: AuditActor;
  note: string | null;
  changes: ReadableChange[];
};

/**
 * The member's history and their policies' (each read with its list's permission), newest first, with
 * the records the events name by their names. Family members' own records have their own pages.
 */
export async function historyOf(ctx: RequestContext, member: MemberRow): Promise<ReadableEntry[]> {
  const [sql, companyId] = tenantRead(ctx, 'members:read');
  const { store } = ctx.services;
  if (member.schemeId) return schemeHistoryOf(ctx, member, member.schemeId);
  const own = await entityHistory(store, ctx.services.sql, { entity: 'member', id: member.id, companyId });
  const groups: { subject: string; ownId: string; entries: AuditEntry[] }[] = [
    { subject: `${member.firstName} ${member.lastName}`, ownId: 'memberId', entries: own.entries },
  ];
  // A family member's page shows the policy covering them on their main member's page, not here.
  for (const policy of member.isMainMember ? ((await policiesOf(ctx, member)) ?? []) : []) {
    const history = await entityHistory(store, ctx.services.sql, { entity: 'policy', id: policy.id, companyId });
    groups.push({ subject: policy.policyNumber, ownId: 'policyId', entries: history.entries });
  }
  const wanted = new Map<NamedKind, Set<string>>();
  for (const group of groups)
    for (const entry of group.entries)
      for (const [kind, ids] of referencedIds(entry.changes)) {
        if (!wanted.has(kind)) wanted.set(kind, new Set());
        for (const id of ids) wanted.get(kind)!.add(id);
      }
  const names = await recordNames(sql, companyId, wanted);
  const named = (kind: NamedKind, id: string) => names.get(`${kind}:${id}`) ?? null;
  return groups
    .flatMap(({ subject, ownId, entries }) =>
      entries.map((entry) => ({
        position: entry.position,
        occurredAt: entry.occurredAt,
        title: entry.title,
        subject,
        actor: entry.actor,
        note: entry.note,
        changes: readableChanges(entry.changes, named, ownId),
      })),
    )
    .sort((a, b) => b.position - a.position);
}

/** A scheme member's history: the scheme's events that concern them (their events are on the scheme's stream). */
async function schemeHistoryOf(ctx: RequestContext, member: MemberRow, schemeId: string): Promise<ReadableEntry[]> {
  const [, companyId] = tenantRead(ctx, 'members:read');
  const scheme = await entityHistory(ctx.services.store, ctx.services.sql, { entity: 'group_scheme', id: schemeId, companyId });
  return schemeMemberEntries(scheme.entries, member.id)
    .map(({ entry, changes }) => ({
      position: entry.position,
      occurredAt: entry.occurredAt,
      title: entry.title,
      subject: member.schemeName ?? scheme.label,
      actor: entry.actor,
      note: entry.note,
      changes: changes ?? readableChanges(entry.changes, () => null, 'schemeId'),
    }))
    .sort((a, b) => b.position - a.position);
}

/** A policy by id (GraphQL policy(id)); null for an unknown one or another company's. */
export function policyById(ctx: RequestContext, id: string): Promise<PolicyRow | null> {
  return findPolicy(...tenantRead(ctx, 'policies:read'), id);
}

/**
 * The lives a policy covers (its main member, then the family), for whoever may read members: the
 * claim form offers them as the deceased (issue #23). Null without members:read.
 */
export function livesOfPolicy(ctx: RequestContext, policy: PolicyRow): Promise<MemberRow[] | null> {
  return readIfAllowed(ctx, 'members:read', async () => {
    const holder = await findMember(ctx, policy.memberId);
    return holder ? livesOf(ctx, holder) : [];
  });
}
