import { DomainError } from '../errors.ts';
import { ACCESS_ADMINISTRATION, type CompanyRole } from '../validation/index.ts';
import type { AccessEvent } from './access.events.ts';
import { effectivePermissions, evolveAccess, type AccessState } from './access.state.ts';

export const OWN_ADMIN_RIGHTS = 'You cannot remove your own administrator rights';

/** Who is changing access: their own rights are checked against the state after the change. */
export type AccessActor = { userId: string; role: CompanyRole };

/** An administrator may not lock themselves (and so possibly everyone) out of access management. */
export function assertKeepsOwnRights(state: AccessState, events: AccessEvent[], actor: AccessActor, roleAfter = actor.role) {
  const after = events.reduce(evolveAccess, state);
  const rights = effectivePermissions(after, actor.userId, roleAfter);
  if (ACCESS_ADMINISTRATION.some((permission) => !rights.has(permission))) {
    throw new DomainError('RULE_VIOLATED', OWN_ADMIN_RIGHTS);
  }
}

/** The events of an access change, once the actor is seen to keep their own access management. */
export function keepingOwnRights(state: AccessState, events: AccessEvent[], actor: AccessActor): AccessEvent[] {
  assertKeepsOwnRights(state, events, actor);
  return events;
}

export function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  const unique = new Set(b);
  return a.size === unique.size && [...unique].every((p) => a.has(p));
}
