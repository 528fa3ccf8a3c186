import type { CommandContext } from '../../command-handling/context.ts';
import type { EventStore } from '../../event-store/types.ts';
import {
  auditStreamId,
  maskIdentifier,
  PLATFORM_AUDIT_STREAM,
  type AuditTrailViewed,
  type AuditViewKind,
  type PersonalDataExported,
} from '../audit.events.ts';

export type RecordAuditView = {
  /** The company whose trail was read (for the super admin: the company audited, not their own); null: the whole platform. */
  companyId: string | null;
  kind: AuditViewKind;
  entity?: string | null;
  entityId?: string | null;
  query?: Record<string, string | null | undefined>;
};

/** Reading is always allowed once authorized; the decision is only what to record. */
export function decideAuditView(command: RecordAuditView, ctx: CommandContext): AuditTrailViewed[] {
  const query = Object.fromEntries(
    Object.entries(command.query ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  return [
    {
      type: 'AuditTrailViewed',
      data: {
        companyId: command.companyId,
        viewerRole: ctx.actor.role,
        kind: command.kind,
        entity: command.entity ?? null,
        entityId: command.entityId ?? null,
        query,
      },
    },
  ];
}

/**
 * Appends the view to the company's audit stream. No invariant spans views, so any expected
 * version will do: concurrent readers never conflict. The event is the company's (companyId on the
 * append), so the super admin's reads of a company show up in that company's history.
 */
export async function recordAuditView(store: EventStore, command: RecordAuditView, ctx: CommandContext) {
  const events = decideAuditView(command, ctx);
  const streamId = command.companyId ? auditStreamId(command.companyId) : PLATFORM_AUDIT_STREAM;
  return store.append([{ streamId, expectedVersion: 'any', events }], {
    commandId: ctx.commandId,
    companyId: command.companyId,
    actorUserId: ctx.actor.userId,
    ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
  });
}

/** A data-subject access request answered: recorded with the identifier masked (audit.events.ts). */
export async function recordDataExport(
  store: EventStore,
  command: { companyId: string; idNumber: string; subjectIds: string[] },
  ctx: CommandContext,
) {
  const event: PersonalDataExported = {
    type: 'PersonalDataExported',
    data: { companyId: command.companyId, subjectReference: maskIdentifier(command.idNumber), subjectIds: [...command.subjectIds].sort() },
  };
  return store.append([{ streamId: auditStreamId(command.companyId), expectedVersion: 'any', events: [event] }], {
    commandId: ctx.commandId,
    companyId: command.companyId,
    actorUserId: ctx.actor.userId,
  });
}
