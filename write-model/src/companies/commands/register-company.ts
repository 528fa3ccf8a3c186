import { DomainError } from '../../errors.ts';
import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import { findPlanOffer } from '../../plans/plan-offers.ts';
import { VISITOR, type CommandContext } from '../../command-handling/context.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { insertCredential, reserve } from '../../identity/credentials.ts';
import { createQuota } from '../../members/member-quota.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { registrationSchema, type RegistrationInput } from '../../validation/index.ts';
import { userPii, userStreamId, type UserEvent } from '../../users/users.events.ts';
import { companyStreamId, FREE_TIER, FREE_TIER_MEMBER_LIMIT, type CompanyEvent } from '../companies.events.ts';

export const CIPC_TAKEN = 'A company with this CIPC number is already registered';

/** Registration creates the company and its administrator together: two new streams. */
export function decideRegisterCompany(
  command: RegistrationInput,
  ctx: CommandContext,
  memberLimit: number = FREE_TIER_MEMBER_LIMIT,
): { companyId: string; userId: string; company: CompanyEvent[]; user: UserEvent[] } {
  const companyId = ctx.newId();
  const userId = ctx.newId();
  return {
    companyId,
    userId,
    company: [
      {
        type: 'CompanyRegistered',
        data: {
          companyId,
          name: command.companyName,
          cipNumber: command.cipNumber,
          email: command.companyEmail,
          phone: command.companyPhone,
          fspNumber: command.fspNumber ?? null,
          administratorUserId: userId,
          tier: FREE_TIER,
          memberLimit,
          registeredAt: ctx.now.toISOString(),
        },
      },
    ],
    user: [
      {
        type: 'UserRegistered',
        data: {
          userId,
          companyId,
          username: command.username,
          role: 'administrator',
          email: command.email,
          firstName: command.firstName,
          lastName: command.lastName,
          saId: command.adminSaId,
          phone: null,
        },
      },
    ],
  };
}

/**
 * With `sql`, the company starts with the member limit of the free tier's plan (plans/plan-offers.ts);
 * without it (or without a free plan) with the built-in free limit.
 */
export async function registerCompany(store: EventStore, input: unknown, ctx: CommandContext, sql?: SqlExecutor) {
  const command = parseInput(registrationSchema, input);
  const passwordHash = await hashPassword(command.password);
  const freePlan = sql ? await findPlanOffer(sql, FREE_TIER) : null;
  const memberLimit = freePlan?.memberLimit ?? FREE_TIER_MEMBER_LIMIT;
  const decided = decideRegisterCompany(command, ctx, memberLimit);
  const append = await store.append(
    [
      {
        streamId: companyStreamId(decided.companyId),
        expectedVersion: 'no_stream',
        events: decided.company.map((e) => toNewEvent(e)),
      },
      {
        streamId: userStreamId(decided.userId),
        expectedVersion: 'no_stream',
        events: decided.user.map((e) => toNewEvent(e, userPii)),
      },
    ],
    {
      commandId: ctx.commandId,
      companyId: decided.companyId,
      actorUserId: decided.userId,
      async inTransaction(tx) {
        await insertCredential(tx, { userId: decided.userId, username: command.username, passwordHash });
        await reserve(
          tx,
          { scope: 'company-cipc', key: command.cipNumber, ownerId: decided.companyId },
          new DomainError('ALREADY_EXISTS', CIPC_TAKEN, [{ path: ['cipNumber'], message: CIPC_TAKEN }]),
        );
        await createQuota(tx, decided.companyId, memberLimit);
      },
    },
  );
  // A retried command id answers with the first registration's streams, not this attempt's fresh ids.
  return {
    companyId: idFromStream(append.streams, companyStreamId('')),
    userId: idFromStream(append.streams, userStreamId('')),
    append,
  };
}

/**
 * POST /api/register: a visitor's command (a signed-in caller registers a new company as anyone else
 * would: the events carry no actor of theirs). The gateway starts the new administrator's session.
 */
export const registerSlice = commandSlice({
  name: 'register',
  operation: 'auth.register',
  input: () => registrationSchema,
  handle: ({ store, sql }, { input }, ctx) => registerCompany(store, input, { ...ctx, actor: VISITOR }, sql),
});
