import { enumType } from '../commands/graphql-input.ts';
import {
  AUDIT_ENTITIES,
  type AuditActor,
  type AuditEntry,
  type CompanyHistoryPage,
  type EntityAsOf,
  type EntityHistory,
  type FieldChange,
} from '@fpa/write-model';
import type { BrokenLink, ChainVerification } from '@fpa/write-model/event-store';
import { builder } from '../builder.ts';
import type { DataSubjectExport, ErasureAnswer } from '../commands/popia.ts';

/* Issue 10's types, as /work/contracts/audit.graphql names them. */

export const AuditEntityEnum = enumType('AuditEntity', {
  values: AUDIT_ENTITIES,
  description: 'The records whose history can be replayed.',
});

export const AuditActorType = builder.objectRef<AuditActor>('AuditActor').implement({
  description: 'Who made an event: the name as it now reads, the role held at the time.',
  fields: (t) => ({
    userId: t.exposeID('userId', { nullable: true, description: 'Null for events made by the system.' }),
    name: t.exposeString('name', { description: "'System' when there is no user; '[erased]' after erasure." }),
    role: t.exposeString('role', { nullable: true }),
  }),
});

const AuditChangeType = builder.objectRef<FieldChange>('AuditChange').implement({
  description: 'One field an event changed: JSON text of the value before and after (null = absent).',
  fields: (t) => ({
    field: t.exposeString('field', { description: "Dot path into the folded state, e.g. 'status', 'documents.<id>'." }),
    before: t.exposeString('before', { nullable: true }),
    after: t.exposeString('after', { nullable: true }),
  }),
});

export const AuditEntryType = builder.objectRef<AuditEntry>('AuditEntry').implement({
  description: 'One event of a timeline.',
  fields: (t) => ({
    position: t.exposeInt('position', { description: 'Global position: unique, ordered in time.' }),
    streamId: t.exposeString('streamId'),
    version: t.exposeInt('version', { description: "The event's version in its stream (1-based)." }),
    entity: t.field({
      type: AuditEntityEnum,
      nullable: true,
      description: "The audited record the event's stream is, if it is one.",
      resolve: (e) => e.entity,
    }),
    entityId: t.exposeID('entityId', { nullable: true }),
    eventType: t.exposeString('eventType'),
    title: t.exposeString('title', { description: "Business name: 'Claim approved'." }),
    occurredAt: t.string({ resolve: (e) => e.occurredAt.toISOString() }),
    actor: t.field({ type: AuditActorType, resolve: (e) => e.actor }),
    note: t.exposeString('note', { nullable: true, description: "The command's note or reason, when it has one." }),
    changes: t.field({ type: [AuditChangeType], resolve: (e) => e.changes }),
    data: t.string({
      description: "JSON text of the event's data (personal fields decrypted, '[erased]' after erasure).",
      resolve: (e) => JSON.stringify(e.data),
    }),
  }),
});

export const AuditHistoryType = builder.objectRef<EntityHistory>('AuditHistory').implement({
  fields: (t) => ({
    entity: t.field({ type: AuditEntityEnum, resolve: (h) => h.entity }),
    id: t.exposeID('id'),
    label: t.exposeString('label', { description: 'Claim number, policy number, member name, ...' }),
    entries: t.field({ type: [AuditEntryType], description: 'Oldest first.', resolve: (h) => h.entries }),
  }),
});

export const EntityAsOfType = builder.objectRef<EntityAsOf>('EntityAsOf').implement({
  description: "An entity folded to a moment with its decider's evolve (only events recorded at or before it).",
  fields: (t) => ({
    entity: t.field({ type: AuditEntityEnum, resolve: (a) => a.entity }),
    id: t.exposeID('id'),
    asOf: t.exposeString('asOf', { description: 'The asOf asked for, echoed.' }),
    label: t.exposeString('label'),
    position: t.exposeInt('position', { nullable: true, description: 'The last event folded; null when the entity did not exist yet.' }),
    occurredAt: t.string({ nullable: true, resolve: (a) => a.occurredAt?.toISOString() ?? null }),
    version: t.exposeInt('version', { description: 'Stream version reached (0: did not exist yet).' }),
    exists: t.exposeBoolean('exists'),
    state: t.string({
      nullable: true,
      description: 'JSON text of the folded state.',
      resolve: (a) => (a.state ? JSON.stringify(a.state) : null),
    }),
    positions: t.intList({ description: 'Every timeline position of the entity, oldest first (the slider).', resolve: (a) => a.positions }),
    times: t.stringList({ description: 'occurredAt of each position, same order.', resolve: (a) => a.times.map((d) => d.toISOString()) }),
  }),
});

type Edge = { cursor: string; node: AuditEntry };

const CompanyHistoryEdgeType = builder.objectRef<Edge>('CompanyHistoryEdge').implement({
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: AuditEntryType, resolve: (e) => e.node }) }),
});

const AuditPageInfoType = builder.objectRef<{ hasNextPage: boolean; endCursor: string | null }>('AuditPageInfo').implement({
  fields: (t) => ({ hasNextPage: t.exposeBoolean('hasNextPage'), endCursor: t.exposeString('endCursor', { nullable: true }) }),
});

export const CompanyHistoryConnectionType = builder.objectRef<CompanyHistoryPage>('CompanyHistoryConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [CompanyHistoryEdgeType], resolve: (p) => p.entries.map((node) => ({ cursor: String(node.position), node })) }),
    pageInfo: t.field({ type: AuditPageInfoType, resolve: (p) => ({ hasNextPage: p.hasNextPage, endCursor: p.endCursor }) }),
    totalCount: t.exposeInt('totalCount', { description: 'Events matching the filters.' }),
  }),
});

const BrokenLinkType = builder.objectRef<BrokenLink>('BrokenLink').implement({
  fields: (t) => ({
    streamId: t.exposeString('streamId'),
    version: t.exposeInt('version'),
    globalPosition: t.exposeInt('globalPosition'),
    reason: t.exposeString('reason', { description: "'hash mismatch', 'missing hash', 'version gap' or 'stream version mismatch'." }),
  }),
});

export const ChainVerificationType = builder.objectRef<ChainVerification>('ChainVerification').implement({
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    streamsChecked: t.exposeInt('streamsChecked'),
    eventsChecked: t.exposeInt('eventsChecked'),
    firstBroken: t.field({
      type: BrokenLinkType,
      nullable: true,
      description: 'The broken link earliest in the global order.',
      resolve: (v) => v.firstBroken,
    }),
    brokenCount: t.exposeInt('brokenCount', { description: 'Streams whose chain is broken.' }),
    checkedAt: t.string({ resolve: (v) => v.checkedAt.toISOString() }),
  }),
});

export const DataSubjectExportType = builder.objectRef<DataSubjectExport>('DataSubjectExport').implement({
  fields: (t) => ({
    idNumber: t.exposeString('idNumber'),
    subjectIds: t.exposeIDList('subjectIds', { description: 'The data subjects (keys) found for the person.' }),
    generatedAt: t.string({ resolve: (e) => e.generatedAt.toISOString() }),
    json: t.exposeString('json', {
      description: 'JSON text: { subjects, records: { members, policies, claims, payments, ... }, events }.',
    }),
  }),
});

export const ErasureResultType = builder.objectRef<ErasureAnswer>('ErasureResult').implement({
  fields: (t) => ({
    erased: t.exposeBoolean('erased'),
    subjectIds: t.exposeIDList('subjectIds', { description: 'Keys destroyed.' }),
    eventsAffected: t.exposeInt('eventsAffected', { description: "Events whose personal fields now read '[erased]'." }),
    erasedAt: t.string({ resolve: (e) => e.erasedAt.toISOString() }),
    projectionsRebuilt: t.stringList({ description: 'Read models rebuilt from the log.', resolve: (e) => e.projectionsRebuilt }),
  }),
});
