import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { DomainError, type ErrorCode, type Issue } from '@fpa/write-model';
import { databaseUnavailable } from '@fpa/write-model/event-store';
import { RetryLaterError } from './auth/rate-limit.ts';

/** The one place where refusal codes become HTTP statuses. Exhaustive: a new code must be mapped here. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  COMPANY_SUSPENDED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  CONCURRENCY_CONFLICT: 409,
  INVALID_TRANSITION: 409,
  LEGAL_HOLD: 409,
  IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RULE_VIOLATED: 422,
  RATE_LIMITED: 429,
};

export type ErrorBody = { message: string; code: string; issues: Issue[] };

export const UNEXPECTED_ERROR = 'Something went wrong on our side. Please try again; if it keeps happening, contact support.';

export const WRITE_NOT_SHOWN =
  'Saved, but it cannot be shown: the system could not take it into its lists. The platform operator has been alerted; it will appear once they have fixed it. Please do not enter it again.';

/**
 * The command's events are in the log, but a read model parked one of them (it could not apply it):
 * the write will not become visible by waiting, so the client is told so (a fault on our side, 500).
 */
export class WriteNotShownError extends Error {
  readonly projectors: readonly string[];
  constructor(projectors: readonly string[]) {
    super(WRITE_NOT_SHOWN);
    this.name = 'WriteNotShownError';
    this.projectors = projectors;
  }
}

export const DATABASE_UNAVAILABLE =
  'The database is not reachable for a moment (it may be switching to its standby). Try again in a few seconds: a command sent again with the same Idempotency-Key is carried out once.';

/** Seconds a client waits before sending a DATABASE_UNAVAILABLE request again (a failover takes about 10). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** An answer the client may send again after `retryAfterSeconds` (REST: Retry-After; GraphQL: extensions). */
export type ErrorAnswer = { status: number; body: ErrorBody; retryAfterSeconds?: number; retryable?: true };

/** Known refusals keep their words; anything else is logged in full and masked for the client. */
export function toErrorAnswer(error: unknown, logger: Logger): ErrorAnswer {
  if (error instanceof RetryLaterError) {
    return {
      status: HTTP_STATUS[error.code],
      body: { message: error.message, code: error.code, issues: error.issues },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof DomainError) {
    return { status: HTTP_STATUS[error.code], body: { message: error.message, code: error.code, issues: error.issues } };
  }
  if (error instanceof WriteNotShownError) {
    return { status: 500, body: { message: error.message, code: 'WRITE_NOT_SHOWN', issues: [] } };
  }
  // A failover (issue #28): the connection was lost or no node takes writes yet. Retryable, and a
  // command in flight either committed (its retry answers the first result) or did not.
  if (databaseUnavailable(error)) {
    logger.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      body: { message: DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE', issues: [] },
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      retryable: true,
    };
  }
  logger.error({ err: error }, 'unexpected error');
  return { status: 500, body: { message: UNEXPECTED_ERROR, code: 'INTERNAL', issues: [] } };
}

export const SAVED_NOT_VISIBLE_YET = 'Saved. It is not visible yet; refresh in a moment.';

/**
 * A command that succeeded and then timed out waiting for the read models (read-your-writes) may
 * fail to read its own answer back: that NOT_FOUND is the lag, not a missing record. It answers 202
 * with code SAVED_NOT_VISIBLE_YET, so a client neither reports a failure nor retries into a conflict.
 */
export function afterLaggingWrite(answer: ErrorAnswer): ErrorAnswer {
  if (answer.body.code !== 'NOT_FOUND') return answer;
  return { status: 202, body: { message: SAVED_NOT_VISIBLE_YET, code: 'SAVED_NOT_VISIBLE_YET', issues: [] } };
}

export function jsonError(status: number, message: string, code: string, issues: Issue[] = []): Response {
  return Response.json({ message, code, issues } satisfies ErrorBody, { status });
}

/** An error answer as REST sends it: the body, and when to try again (RFC 9110 Retry-After, in seconds). */
export function errorResponse(answer: ErrorAnswer): Response {
  const response = Response.json(answer.body, { status: answer.status });
  if (answer.retryAfterSeconds !== undefined) response.headers.set('retry-after', String(answer.retryAfterSeconds));
  return response;
}

/**
 * The database failed before the REST router or GraphQL could answer (the session read while the
 * database fails over): the same retryable 503, in the shape of the endpoint asked.
 */
export function unavailableAnswer(error: unknown, logger: Logger, graphql: boolean): Response | null {
  if (!databaseUnavailable(error)) return null;
  const answer = toErrorAnswer(error, logger);
  if (!graphql) return errorResponse(answer);
  const response = Response.json({ errors: [{ message: answer.body.message, extensions: graphqlExtensions(answer) }] }, { status: 503 });
  response.headers.set('retry-after', String(answer.retryAfterSeconds));
  return response;
}

/** A GraphQL error's extensions: the code and issues, and when the client may try again. */
function graphqlExtensions(answer: ErrorAnswer): Record<string, unknown> {
  return {
    code: answer.body.code,
    issues: answer.body.issues,
    ...(answer.retryAfterSeconds !== undefined ? { retryAfterSeconds: answer.retryAfterSeconds } : {}),
    ...(answer.retryable ? { retryable: true } : {}),
  };
}

/** GraphQL errors carry the same message, code and issues in `extensions`. */
export function maskGraphQLError(logger: Logger) {
  return (error: unknown): Error => {
    const original = error instanceof GraphQLError ? (error.originalError ?? null) : error;
    if (error instanceof GraphQLError && !original) return error; // parse/validation errors from graphql itself
    if (original instanceof GraphQLError) return original;
    const answer = toErrorAnswer(original, logger);
    return new GraphQLError(answer.body.message, {
      ...(error instanceof GraphQLError ? { path: error.path, nodes: error.nodes } : {}),
      // A slowed sign-in or a failover says when to try again, as REST's Retry-After header does.
      extensions: graphqlExtensions(answer),
    });
  };
}
