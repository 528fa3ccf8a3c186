import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { z } from 'zod';
import { DomainError, NotFoundError } from '../../errors.ts';
import { suspensionSchema, type SuspensionInput } from '../../validation/index.ts';
import { activeCompany, COMPANY_NOT_FOUND } from '../companies.decider.ts';
import { companyStreamId, type CompanyEvent } from '../companies.events.ts';
import { evolveCompany, initialCompanyState, type CompanyState } from '../companies.state.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A platform command on one company's stream. The actor is the platform operator (no company of
 * their own), so the events' tenant is the company acted on, not the actor's.
 */
async function onCompany(store: EventStore, companyId: string, ctx: CommandContext, decide: (state: CompanyState) => CompanyEvent[]) {
  if (!UUID.test(companyId)) throw new NotFoundError(COMPANY_NOT_FOUND);
  return withConflictRetry(async () => {
    const streamId = companyStreamId(companyId);
    const { state, version } = await loadState(store, streamId, { initialState: initialCompanyState, evolve: evolveCompany });
    const events = decide(state);
    const append = await store.append([{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }], {
      ...appendOptions(ctx),
      companyId,
    });
    return { events, append };
  });
}

/** POST /api/super-admin/companies/{companyId}/suspend: {reason}. */
export async function suspendCompany(store: EventStore, companyId: string, input: unknown, ctx: CommandContext) {
  const command = parseInput(suspensionSchema, input);
  return onCompany(store, companyId, ctx, (state) => decideSuspendCompany(command, state, ctx));
}

/** POST /api/super-admin/companies/{companyId}/activate: no body. */
export async function activateCompany(store: EventStore, companyId: string, ctx: CommandContext) {
  return onCompany(store, companyId, ctx, (state) => decideActivateCompany({}, state, ctx));
}

export const COMPANY_ALREADY_SUSPENDED = 'This company is already suspended.';
export const COMPANY_ALREADY_ACTIVE = 'This company is already active.';

/** The platform operator suspends a company, with the reason (spec part 2 §4 Company: Active -> Suspended). */
export function decideSuspendCompany(input: SuspensionInput, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
  const company = activeCompany(state);
  if (company.status === 'suspended') throw new DomainError('INVALID_TRANSITION', COMPANY_ALREADY_SUSPENDED);
  return [{ type: 'CompanySuspended', data: { companyId: company.companyId, reason: input.reason, suspendedAt: ctx.now.toISOString() } }];
}

/** Suspended -> Active; no reason asked. */
export function decideActivateCompany(_input: Record<string, never>, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
  const company = activeCompany(state);
  if (company.status === 'active') throw new DomainError('INVALID_TRANSITION', COMPANY_ALREADY_ACTIVE);
  return [{ type: 'CompanyActivated', data: { companyId: company.companyId, activatedAt: ctx.now.toISOString() } }];
}

export const suspendCompanySlice = commandSlice({
  name: 'suspendCompany',
  operation: 'platform.companies.manage',
  target: 'companyId',
  input: () => suspensionSchema,
  handle: ({ store }, { target, input }, ctx) => suspendCompany(store, target, input, ctx),
});

export const activateCompanySlice = commandSlice({
  name: 'activateCompany',
  operation: 'platform.companies.manage',
  target: 'companyId',
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => activateCompany(store, target, ctx),
});
