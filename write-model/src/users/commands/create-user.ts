import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { appendOptions, requireCompany } from '../../command-handling/handle.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { insertCredential } from '../../identity/credentials.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { newUserSchema, type CompanyRole } from '../../validation/index.ts';
import { userPii, userStreamId, type UserEvent } from '../users.events.ts';

export type NewCompanyUser = {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRole;
  phone?: string | null;
};

/**
 * A staff account of the actor's company, ready to append: its stream (UserRegistered) and the work
 * the append transaction must do (claim the username, store the password hash). Other commands that
 * create a login together with their own record (an agent) append it in the same transaction.
 */
export async function prepareCompanyUser(
  user: NewCompanyUser,
  ctx: CommandContext,
): Promise<{ userId: string; stream: StreamAppend; inTransaction(tx: SqlExecutor): Promise<void> }> {
  const companyId = requireCompany(ctx);
  const userId = ctx.newId();
  const passwordHash = await hashPassword(user.password);
  const event: UserEvent = {
    type: 'UserRegistered',
    data: {
      userId,
      companyId,
      username: user.username,
      role: user.role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      saId: null,
      phone: user.phone ?? null,
    },
  };
  return {
    userId,
    stream: { streamId: userStreamId(userId), expectedVersion: 'no_stream', events: [toNewEvent(event, userPii)] },
    inTransaction: (tx) => insertCredential(tx, { userId, username: user.username, passwordHash }),
  };
}

/** POST /api/users: an administrator creates a staff account; a taken username is refused. */
export async function createUser(store: EventStore, input: unknown, ctx: CommandContext) {
  const command = parseInput(newUserSchema, input);
  const prepared = await prepareCompanyUser(command, ctx);
  const append = await store.append([prepared.stream], appendOptions(ctx, prepared.inTransaction));
  return { userId: idFromStream(append.streams, userStreamId('')), append };
}

export const createUserSlice = commandSlice({
  name: 'createUser',
  operation: 'users:create',
  input: () => newUserSchema,
  handle: ({ store }, { input }, ctx) => createUser(store, input, ctx),
});
