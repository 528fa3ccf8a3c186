import type { RecordedEvent } from '../event-store/types.ts';
import { initialAgentState, evolveAgent } from '../agents/agents.state.ts';
import { agentStreamId } from '../agents/agents.events.ts';
import { initialClaimState, evolveClaim } from '../claims/claims.state.ts';
import { claimStreamId } from '../claims/claims.events.ts';
import { initialCompanyState, evolveCompany } from '../companies/companies.state.ts';
import { companyStreamId } from '../companies/companies.events.ts';
import { initialGroupSchemeState, evolveGroupScheme } from '../group-schemes/group-schemes.state.ts';
import { groupSchemeStreamId } from '../group-schemes/group-schemes.events.ts';
import { initialMemberState, evolveMember } from '../members/members.state.ts';
import { memberStreamId } from '../members/members.events.ts';
import { initialPolicyState, evolvePolicy } from '../policies/policies.state.ts';
import { policyStreamId } from '../policies/policies.events.ts';
import { toJsonValue } from './changes.ts';

export const AUDIT_ENTITIES = ['claim', 'policy', 'member', 'company', 'agent', 'group_scheme'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export function isAuditEntity(value: unknown): value is AuditEntity {
  return typeof value === 'string' && (AUDIT_ENTITIES as readonly string[]).includes(value);
}

type Folder = { initialState: unknown; evolve(state: unknown, event: { type: string; data: Record<string, unknown> }): unknown };
const folder = <S, E>(initialState: S, evolve: (state: S, event: E) => S): Folder => ({
  initialState,
  evolve: evolve as unknown as Folder['evolve'],
});

type Kind = {
  streamPrefix: string;
  /** The aggregate's own fold: the state its decider decides on. */
  folder: Folder | null;
  label(view: Record<string, unknown>): string;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The six audited entities: their stream and the decider's evolve that folds it. */
export const ENTITY_KINDS: Record<AuditEntity, Kind> = {
  claim: { streamPrefix: 'claim-', folder: folder(initialClaimState, evolveClaim), label: (v) => text(v.claimNumber) },
  policy: { streamPrefix: 'policy-', folder: folder(initialPolicyState, evolvePolicy), label: (v) => text(v.policyNumber) },
  member: {
    streamPrefix: 'member-',
    folder: folder(initialMemberState, evolveMember),
    label: (v) => `${text(v.firstName)} ${text(v.lastName)}`.trim(),
  },
  company: { streamPrefix: 'company-', folder: folder(initialCompanyState, evolveCompany), label: (v) => text(v.name) },
  agent: {
    streamPrefix: 'agent-',
    folder: folder(initialAgentState, evolveAgent),
    label: (v) => `${text(v.firstName)} ${text(v.lastName)} (${text(v.agentCode)})`,
  },
  group_scheme: { streamPrefix: 'group-scheme-', folder: folder(initialGroupSchemeState, evolveGroupScheme), label: (v) => text(v.name) },
};

export const entityStreamId: Record<AuditEntity, (id: string) => string> = {
  claim: claimStreamId,
  policy: policyStreamId,
  member: memberStreamId,
  company: companyStreamId,
  agent: agentStreamId,
  group_scheme: groupSchemeStreamId,
};

/** Which entity a stream is (longest prefix first: 'policy-type-' is not a policy). */
export function entityOfStream(streamId: string): { entity: AuditEntity; id: string } | null {
  if (streamId.startsWith('policy-type-')) return null;
  for (const entity of AUDIT_ENTITIES) {
    const prefix = ENTITY_KINDS[entity].streamPrefix;
    if (streamId.startsWith(prefix)) return { entity, id: streamId.slice(prefix.length) };
  }
  return null;
}

/** Events whose data describes the record as it now stands (registrations, edits: the whole section). */
const DESCRIBING = new Set([
  'CompanyRegistered',
  'CompanyDetailsUpdated',
  'SubscriptionTierChanged',
  'UserRegistered',
  'UserProfileUpdated',
  'PolicyTypeCreated',
  'PolicyTypeUpdated',
  'MemberRegistered',
  'MemberUpdated',
  'PolicyIssued',
  'ClaimSubmitted',
  'PaymentRecorded',
  'GroupSchemeCreated',
  'GroupSchemeUpdated',
  'AgentRegistered',
  'AgentUpdated',
]);

/** What an event says about its stream's record, as a patch merged into it. */
function recordPatch(event: { type: string; data: Record<string, unknown> }): Record<string, unknown> {
  const d = event.data;
  if (DESCRIBING.has(event.type)) return d;
  switch (event.type) {
    case 'RolePermissionsSet':
      return { roles: { [String(d.role)]: d.permissions } };
    case 'UserPermissionGranted':
    case 'UserPermissionRevoked':
      return {
        userOverrides: { [String(d.userId)]: { [String(d.permission)]: event.type === 'UserPermissionGranted' ? 'grant' : 'revoke' } },
      };
    case 'UserRoleChanged':
      return { role: d.to };
    case 'UserDeactivated':
    case 'UserReactivated':
      return { active: event.type === 'UserReactivated' };
    case 'ClaimDocumentReviewed':
      return {};
    case 'CompanySuspended':
      return { status: 'suspended', suspensionReason: d.reason ?? null };
    case 'CompanyActivated':
    case 'CompanyReactivated':
      return { status: 'active', suspensionReason: null };
    case 'PolicyLapsed':
      return { status: 'lapsed' };
    case 'PolicyReinstated':
      return { status: 'active' };
    case 'DebitMandateSet':
      return {
        mandate: {
          accountHolder: d.accountHolder,
          bank: d.bank,
          branchCode: d.branchCode,
          accountNumber: d.accountNumber,
          accountType: d.accountType,
          debitDay: d.debitDay,
          mandateReference: d.mandateReference,
          debiCheck: d.debiCheck,
          status: d.status,
          suspended: null,
        },
      };
    case 'BeneficiariesNominated':
      // The whole set each time: the list replaces the one before.
      return { beneficiaries: d.beneficiaries };
    case 'PolicyLifeAdded': {
      const life = d.life as { memberId: string };
      return { monthlyPremium: d.monthlyPremium, lives: { [life.memberId]: life } };
    }
    case 'PolicyLifeRemoved':
      return { monthlyPremium: d.monthlyPremium, lives: { [String(d.memberId)]: { removedOn: d.removedOn } } };
    case 'PolicyHolderSucceeded':
      return { holderMemberId: d.toMemberId };
    case 'PolicyTypeChanged':
      return {
        policyTypeId: d.toPolicyTypeId,
        coverageAmount: d.coverageAmount,
        monthlyPremium: d.monthlyPremium,
        coverIncreases: d.increases,
      };
    case 'DebitMandateSuspended':
      return { mandate: { suspended: { unpaidCode: d.unpaidCode, reason: d.reason, on: d.suspendedOn } } };
    case 'ClaimDisputed':
      return { dispute: { reason: d.reason } };
    case 'ClaimDecisionClockStarted':
      return { decisionClock: { startedAt: d.startedAt, decisionDueAt: d.decisionDueAt } };
    case 'ClaimDecisionDeadlineExtended':
      return { decisionClock: { decisionDueAt: d.decisionDueAt, extendedFor: d.reason } };
    case 'NonPaymentNoticeIssued':
      return { lastNotice: { issuedOn: d.issuedOn, arrears: d.arrears, graceEndsOn: d.graceEndsOn } };
  }
  // Any other status change (claims, policies, payments, agents): the status it reached.
  if (typeof d.to === 'string' && 'from' in d) return { status: d.to };
  return {};
}

function merge(into: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    const bothObjects = [current, value].every((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
    out[key] = bothObjects ? merge(current as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return out;
}

/** A stream's audit fold: the decider's state (when the stream is an audited entity) over the record the events describe. */
export type AuditFold = { decided: unknown; record: Record<string, unknown>; exists: boolean };

export function initialAuditFold(streamId: string): AuditFold {
  const kind = entityOfStream(streamId);
  return { decided: kind ? ENTITY_KINDS[kind.entity].folder?.initialState : undefined, record: {}, exists: false };
}

export function evolveAuditFold(streamId: string, fold: AuditFold, event: Pick<RecordedEvent, 'type' | 'data'>): AuditFold {
  const kind = entityOfStream(streamId);
  let decided = fold.decided;
  const evolve = kind ? ENTITY_KINDS[kind.entity].folder?.evolve : undefined;
  if (evolve) {
    try {
      decided = evolve(decided, event);
    } catch {
      // An event type newer than this code's evolve (its exhaustive switch throws): it changes nothing the decider knows.
    }
  }
  return { decided, record: merge(fold.record, recordPatch(event)), exists: true };
}

/** The state shown to an auditor: the record, with what the decider decides on (status, sets, ...) over it. */
export function viewOf(fold: AuditFold): Record<string, unknown> {
  const decided = toJsonValue(fold.decided);
  const record = toJsonValue(fold.record) as Record<string, unknown>;
  if (decided === null || typeof decided !== 'object' || (decided as { status?: unknown }).status === 'none') return record;
  return { ...record, ...(decided as Record<string, unknown>) };
}
