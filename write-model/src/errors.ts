/**
 * Domain refusals. Every refusal the system gives is a DomainError with a code from this union;
 * the gateway maps each code to an HTTP status and a GraphQL extensions.code in one exhaustive place.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'CONCURRENCY_CONFLICT'
  | 'INVALID_TRANSITION'
  | 'RULE_VIOLATED'
  /** POPIA: the law requires the personal data to be kept (an open claim, an active policy, the retention period). */
  | 'LEGAL_HOLD'
  | 'LIMIT_REACHED'
  /** Something others depend on (a plan companies are subscribed to) cannot be removed. */
  | 'IN_USE'
  | 'COMPANY_SUSPENDED'
  /** The user signed in with a temporary password and must choose a new one before anything else (issue #25). */
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'INVALID_TOKEN'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE';

/** One field-level problem, in the shape zod reports: path into the input and the message. */
export type Issue = { path: (string | number)[]; message: string };

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[];
  constructor(code: ErrorCode, message: string, issues: Issue[] = []) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.issues = issues;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, issues: Issue[] = []) {
    super('VALIDATION_FAILED', message, issues);
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('NOT_FOUND', message);
    this.name = 'NotFoundError';
  }
}

/** An optimistic-concurrency conflict: the stream moved on between load and append. */
export class ConcurrencyError extends DomainError {
  readonly streamId: string;
  readonly expected: unknown;
  readonly actual: number | null;
  constructor(streamId: string, expected: unknown, actual: number | null) {
    super(
      'CONCURRENCY_CONFLICT',
      `The record was changed by someone else at the same time (stream ${streamId}: expected ${String(expected)}, found ${actual ?? 'no stream'}). Please try again.`,
    );
    this.name = 'ConcurrencyError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
