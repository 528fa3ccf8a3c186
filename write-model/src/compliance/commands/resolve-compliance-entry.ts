import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { resolveComplianceEntrySchema } from '../../validation/index.ts';
import { COMPLIANCE_RESOLUTIONS_STREAM, type ComplianceResolutionEvent } from '../compliance.events.ts';
import { evolveComplianceResolutions, initialComplianceResolutions, type ComplianceResolutions } from '../compliance.state.ts';

export type ResolveComplianceEntry = { entryId: string; note: string; now: Date };

/** Resolved once: a second resolution of the same entry is refused. (The gateway checks that the entry exists.) */
export function decideResolveComplianceEntry(state: ComplianceResolutions, command: ResolveComplianceEntry): ComplianceResolutionEvent[] {
  if (state.has(command.entryId)) throw new DomainError('RULE_VIOLATED', 'This compliance log entry is already resolved.');
  return [
    { type: 'ComplianceEntryResolved', data: { entryId: command.entryId, note: command.note, resolvedAt: command.now.toISOString() } },
  ];
}

/** POST /api/super-admin/compliance-logs/{id}/resolve: the super admin resolves an entry with a note. */
export async function resolveComplianceEntry(store: EventStore, entryId: string, input: unknown, ctx: CommandContext) {
  const { note } = parseInput(resolveComplianceEntrySchema, input);
  return handleCommand<ResolveComplianceEntry, ComplianceResolutions, ComplianceResolutionEvent>(store, {
    streamId: COMPLIANCE_RESOLUTIONS_STREAM,
    decider: {
      initialState: initialComplianceResolutions,
      evolve: evolveComplianceResolutions,
      decide: (command, state) => decideResolveComplianceEntry(state, command),
    },
    command: { entryId, note, now: ctx.now },
    ctx,
  });
}

export const resolveComplianceEntrySlice = commandSlice({
  name: 'resolveComplianceEntry',
  operation: 'platform.compliance.manage',
  target: 'id',
  input: () => resolveComplianceEntrySchema,
  handle: ({ store }, { target, input }, ctx) => resolveComplianceEntry(store, target, input, ctx),
});
