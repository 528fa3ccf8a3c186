import type { EventStore, RecordedEvent } from '../event-store/types.ts';
import { userStreamId, type UserEvent } from '../users/users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../users/users.state.ts';

/** Who did it: the user's name as it now reads ('[erased]' after erasure) and their role at the time. */
export type AuditActor = { userId: string | null; name: string; role: string | null };

export const SYSTEM_ACTOR: AuditActor = { userId: null, name: 'System', role: null };

/**
 * Resolves actors from their own user streams (the write side's record, not a read model), reading
 * each user's stream once per lookup: the role an event was made under is the role the user had at
 * that event's global position.
 */
export function actorResolver(store: EventStore) {
  const streams = new Map<string, Promise<RecordedEvent[]>>();
  const eventsOf = (userId: string) => {
    let found = streams.get(userId);
    if (!found) {
      found = store.readStream(userStreamId(userId)).then((s) => s.events);
      streams.set(userId, found);
    }
    return found;
  };

  return async function actorAt(userId: string | null, globalPosition: number): Promise<AuditActor> {
    if (!userId) return SYSTEM_ACTOR;
    const events = await eventsOf(userId);
    if (events.length === 0) return { userId, name: 'Unknown user', role: null };
    let now: UserState = initialUserState;
    let then: UserState = initialUserState;
    for (const event of events) {
      now = evolveUser(now, event as unknown as UserEvent);
      if (event.globalPosition <= globalPosition) then = now;
    }
    const name = now.status === 'none' ? 'Unknown user' : `${now.profile.firstName} ${now.profile.lastName}`.trim();
    // Before the account existed (a registration's own events): its first role.
    const roleThen = then.status !== 'none' ? then.role : now.status !== 'none' ? firstRole(events) : null;
    return { userId, name, role: roleThen };
  };
}

function firstRole(events: RecordedEvent[]): string | null {
  const registered = events.find((e) => e.type === 'UserRegistered');
  return typeof registered?.data.role === 'string' ? registered.data.role : null;
}
