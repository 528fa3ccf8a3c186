import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { release, reserve } from '../../identity/credentials.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { companySettingsSchema, type CompanySettingsInput } from '../../validation/index.ts';
import { activeCompany } from '../companies.decider.ts';
import { companyStreamId, type CompanyEvent } from '../companies.events.ts';
import { evolveCompany, initialCompanyState, type CompanyDetails, type CompanyState } from '../companies.state.ts';
import { CIPC_TAKEN } from './register-company.ts';

const CIPC_SCOPE = 'company-cipc';

/** The section as the event carries it: blank optionals are null. */
export function companyDetailsOf(input: CompanySettingsInput): CompanyDetails {
  return {
    name: input.name,
    cipNumber: input.cipNumber,
    address: input.address ?? null,
    city: input.city ?? null,
    province: input.province ?? null,
    postalCode: input.postalCode ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
  };
}

/** Settings → company information. Saving what is already stored records nothing. */
export function decideUpdateCompanyDetails(input: CompanySettingsInput, state: CompanyState, ctx: CommandContext): CompanyEvent[] {
  const company = activeCompany(state);
  const details = companyDetailsOf(input);
  const unchanged = (Object.keys(details) as (keyof CompanyDetails)[]).every((key) => details[key] === company.details[key]);
  if (unchanged) return [];
  return [{ type: 'CompanyDetailsUpdated', data: { companyId: company.companyId, ...details, updatedAt: ctx.now.toISOString() } }];
}

/**
 * PUT /api/company: the caller's company information. A changed CIPC number is claimed in the append
 * transaction (the old one released), so two companies can never end up with the same number.
 */
export async function updateCompanyDetails(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const command = parseInput(companySettingsSchema, input);
  return withConflictRetry(async () => {
    const streamId = companyStreamId(companyId);
    const { state, version } = await loadState(store, streamId, { initialState: initialCompanyState, evolve: evolveCompany });
    const events = decideUpdateCompanyDetails(command, state, ctx);
    const previousCipc = state.status === 'none' ? null : state.details.cipNumber;
    if (events.length === 0) return { changed: false as const, append: null };
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }],
      appendOptions(ctx, async (tx) => {
        if (previousCipc === command.cipNumber) return;
        if (previousCipc) await release(tx, { scope: CIPC_SCOPE, key: previousCipc, ownerId: companyId });
        await reserve(
          tx,
          { scope: CIPC_SCOPE, key: command.cipNumber, ownerId: companyId },
          new DomainError('ALREADY_EXISTS', CIPC_TAKEN, [{ path: ['cipNumber'], message: CIPC_TAKEN }]),
        );
      }),
    );
    return { changed: true as const, append };
  });
}

export const updateCompanySlice = commandSlice({
  name: 'updateCompany',
  operation: 'company:update',
  input: () => companySettingsSchema,
  handle: ({ store }, { input }, ctx) => updateCompanyDetails(store, input, ctx),
});
