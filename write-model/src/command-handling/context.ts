import { randomUUID } from 'node:crypto';
import type { Role } from '../validation/index.ts';

/** Who is acting. Null company for the platform's super admin and for visitors (registration). */
export type Actor = { userId: string | null; role: Role | null; companyId: string | null };

/**
 * Everything a decider may need from the outside world. Time and ids come in here, never from
 * `new Date()` or random calls inside `decide`, so deciders stay pure and tests can fix them.
 */
export type CommandContext = {
  now: Date;
  newId(): string;
  actor: Actor;
  /** Idempotency key: a retried request with the same id appends once. */
  commandId: string;
  correlationId?: string;
  /** The hash of the session token the request came with, if any (a password change keeps that session, ending the others). */
  sessionTokenHash?: string;
};

export const VISITOR: Actor = { userId: null, role: null, companyId: null };
export const SYSTEM: Actor = { userId: null, role: null, companyId: null };

export function commandContext(actor: Actor, commandId: string = randomUUID(), now: Date = new Date()): CommandContext {
  return { now, newId: randomUUID, actor, commandId };
}
