import type { UserRow } from '@fpa/projections';
import type { Services } from './services.ts';
import { readClient, type ReadChoice } from './read-replica.ts';
import type { SqlClient } from '@fpa/write-model/event-store';
import { findSessionUser, sessionTokenFrom } from './auth/sessions.ts';
import { effectivePermissionNames } from '@fpa/projections';
import { isPermissionName, type PermissionName } from '@fpa/write-model/validation';

/** The signed-in user with the permissions in force for this request (role set + grants − revokes). */
export type SessionUser = UserRow & { permissions: ReadonlySet<PermissionName> };

/**
 * What every GraphQL resolver and REST route gets: the services, the caller (from the session,
 * never from the request body), and a place to put Set-Cookie headers for the answer.
 */
export type RequestContext = {
  services: Services;
  request: Request;
  ip: string;
  sessionToken: string | null;
  user: SessionUser | null;
  setCookies: string[];
  /** Set when a read-your-writes wait timed out, so the answer can say so. */
  projectionLag: { timedOut: boolean };
  /** Milliseconds this request's commands spent running and waiting for their read models (the Server-Timing header). */
  timings: { command: number; readYourWrites: number };
  /** Where this request's queries read: the replica (READ_DATABASE_URL) unless a wait on it ran out. */
  reads: ReadChoice;
  /**
   * Sends a request through this server's own HTTP handling, in process (the sandbox payment
   * gateway posts its notifications to the server's notify endpoint this way).
   */
  loopback: (request: Request) => Promise<Response>;
};

const NO_LOOPBACK = async (): Promise<Response> => {
  throw new Error('No loopback in this context');
};

export async function createRequestContext(
  services: Services,
  request: Request,
  ip: string,
  loopback: RequestContext['loopback'] = NO_LOOPBACK,
): Promise<RequestContext> {
  const sessionToken = sessionTokenFrom(request);
  const user = sessionToken ? await loadSessionUser(services, sessionToken) : null;
  return {
    services,
    request,
    ip,
    sessionToken,
    user,
    setCookies: [],
    projectionLag: { timedOut: false },
    timings: { command: 0, readYourWrites: 0 },
    reads: { primary: false },
    loopback,
  };
}

/**
 * The client a query reads read models through: the read replica when there is one and it has this
 * request's writes (read-replica.ts), else the primary. Sessions, sign-in, the event log and every
 * write use services.sql (the primary).
 */
export function readSql(ctx: Pick<RequestContext, 'services' | 'reads'>): SqlClient {
  return readClient(ctx.services, ctx.reads);
}

/** A session counts only while it is live, its user active, and its company not suspended (one statement). */
async function loadSessionUser(services: Services, token: string): Promise<SessionUser | null> {
  const found = await findSessionUser(services.sql, token);
  if (!found) return null;
  const { permissions, ...user } = found;
  // A user without a company (the platform's staff) holds no company permissions.
  return { ...user, permissions: new Set(user.companyId ? permissions.filter(isPermissionName) : []) };
}

/** The user with the permissions in force now: read on every request, so a change applies at once. */
export async function withPermissions(sql: Services['sql'], user: UserRow): Promise<SessionUser> {
  if (!user.companyId) return { ...user, permissions: new Set() };
  const names = await effectivePermissionNames(sql, user.companyId, user.id, user.role);
  return { ...user, permissions: new Set(names.filter(isPermissionName)) };
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}
