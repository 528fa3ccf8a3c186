import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { profileSettingsSchema } from '../../validation/index.ts';
import { USER_NOT_FOUND } from '../users.decider.ts';
import { userPii, userStreamId, type UserEvent } from '../users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../users.state.ts';

export type UpdateProfile = { userId: string; firstName: string; lastName: string; email: string; phone: string | null };

/** The user's own names, e-mail and phone; saving the profile as it stands records nothing. */
export function decideUpdateProfile(command: UpdateProfile, state: UserState): UserEvent[] {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  const { profile } = state;
  const unchanged =
    profile.firstName === command.firstName &&
    profile.lastName === command.lastName &&
    profile.email === command.email &&
    profile.phone === command.phone;
  return unchanged ? [] : [{ type: 'UserProfileUpdated', data: command }];
}

/** PUT /api/user/profile: the signed-in user's own names, e-mail and phone (never someone else's). */
export async function updateProfile(store: EventStore, input: unknown, ctx: CommandContext) {
  const userId = ctx.actor.userId;
  if (!userId) throw new DomainError('UNAUTHENTICATED', 'You are not signed in. Please sign in to continue.');
  const profile = parseInput(profileSettingsSchema, input);
  return withConflictRetry(async () => {
    const streamId = userStreamId(userId);
    const { state, version } = await loadState(store, streamId, { initialState: initialUserState, evolve: evolveUser });
    const events = decideUpdateProfile({ userId, ...profile, phone: profile.phone ?? null }, state);
    if (events.length === 0) return { changed: false as const, append: null };
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e, userPii)) }],
      appendOptions(ctx),
    );
    return { changed: true as const, append };
  });
}

export const updateProfileSlice = commandSlice({
  name: 'updateProfile',
  operation: 'profile.update',
  input: () => profileSettingsSchema,
  handle: ({ store }, { input }, ctx) => updateProfile(store, input, ctx),
});
