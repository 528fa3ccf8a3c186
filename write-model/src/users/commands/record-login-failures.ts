import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand } from '../../command-handling/handle.ts';
import { userDecider } from '../users.decider.ts';
import { userPii, userStreamId } from '../users.events.ts';

/**
 * The sign-in operation saw the user's failures reach the lock-out threshold. `streakId` names the
 * streak (its first failed attempt): concurrent sign-ins crossing the threshold together record it once.
 */
export async function recordLoginFailures(
  store: EventStore,
  command: { userId: string; failures: number; windowMinutes: number; streakId: string },
  ctx: CommandContext,
) {
  return handleCommand(store, {
    streamId: userStreamId(command.userId),
    decider: userDecider,
    command: { type: 'RecordLoginFailures', userId: command.userId, failures: command.failures, windowMinutes: command.windowMinutes },
    ctx: { ...ctx, commandId: `login-failures:${command.userId}:${command.streakId}` },
    piiOf: userPii,
  });
}
