import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { profileSettingsSchema } from '../../validation/index.ts';
import { userDecider } from '../users.decider.ts';
import { userPii, userStreamId } from '../users.events.ts';

/** PUT /api/user/profile: the signed-in user's own names, e-mail and phone (never someone else's). */
export async function updateProfile(store: EventStore, input: unknown, ctx: CommandContext) {
  const userId = ctx.actor.userId;
  if (!userId) throw new DomainError('UNAUTHENTICATED', 'You are not signed in. Please sign in to continue.');
  const profile = parseInput(profileSettingsSchema, input);
  return withConflictRetry(async () => {
    const streamId = userStreamId(userId);
    const { state, version } = await loadState(store, streamId, userDecider);
    const events = userDecider.decide({ type: 'UpdateProfile', userId, ...profile, phone: profile.phone ?? null }, state, ctx);
    if (events.length === 0) return { changed: false as const, append: null };
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e, userPii)) }],
      appendOptions(ctx),
    );
    return { changed: true as const, append };
  });
}
