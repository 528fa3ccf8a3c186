import type { AppendResult, EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand } from '../../command-handling/handle.ts';
import { idFromStream } from '../../command-handling/decider.ts';
import { findCredentialByUsername, insertCredential } from '../../identity/credentials.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { userDecider } from '../users.decider.ts';
import { userPii, userStreamId } from '../users.events.ts';

export type SuperAdminSeed = { username: string; password: string; email: string };

/**
 * The platform's first super admin, from configuration at start. Created once: when the username
 * exists nothing happens, and the fixed command id makes concurrent starts append once.
 */
export async function ensureSuperAdmin(
  store: EventStore,
  sql: SqlExecutor,
  seed: SuperAdminSeed,
  ctx: CommandContext,
): Promise<{ created: boolean; userId: string; append: AppendResult | null }> {
  const existing = await findCredentialByUsername(sql, seed.username);
  if (existing) return { created: false, userId: existing.userId, append: null };
  const userId = ctx.newId();
  const passwordHash = await hashPassword(seed.password);
  const result = await handleCommand(store, {
    streamId: userStreamId(userId),
    decider: userDecider,
    command: {
      type: 'RegisterUser',
      userId,
      companyId: null,
      username: seed.username,
      role: 'super_admin',
      email: seed.email,
      firstName: 'Platform',
      lastName: 'Administrator',
      saId: null,
      phone: null,
    },
    ctx: { ...ctx, commandId: `seed-super-admin:${seed.username.toLowerCase()}` },
    piiOf: userPii,
    inTransaction: (tx) => insertCredential(tx, { userId, username: seed.username, passwordHash }),
  });
  return { created: !result.append.duplicate, userId: idFromStream(result.append.streams, userStreamId('')), append: result.append };
}
