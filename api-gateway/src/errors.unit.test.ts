import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import pino from 'pino';
import { DomainError, ValidationError } from '@fpa/write-model';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  errorResponse,
  HTTP_STATUS,
  maskGraphQLError,
  toErrorAnswer,
  unavailableAnswer,
  UNEXPECTED_ERROR,
} from './errors.ts';

describe('the error mapper', () => {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });

  it('keeps a refusal’s words, code and issues, with its HTTP status', () => {
    const answer = toErrorAnswer(
      new ValidationError('Invalid SA ID number', [{ path: ['saId'], message: 'Invalid SA ID number' }]),
      logger,
    );
    expect(answer).toEqual({
      status: 400,
      body: { message: 'Invalid SA ID number', code: 'VALIDATION_FAILED', issues: [{ path: ['saId'], message: 'Invalid SA ID number' }] },
    });
    expect(toErrorAnswer(new DomainError('RATE_LIMITED', 'slow down'), logger).status).toBe(429);
    expect(Object.values(HTTP_STATUS).every((status) => status >= 400 && status < 500)).toBe(true);
  });

  it('masks anything unexpected for the client and logs it in full', () => {
    const answer = toErrorAnswer(new Error('connection to 10.1.2.3 refused; password=hunter2'), logger);
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(UNEXPECTED_ERROR);
    expect(JSON.stringify(answer.body)).not.toContain('hunter2');
    expect(lines.join('')).toContain('hunter2');
  });

  it('does the same for GraphQL, keeping the code in extensions', () => {
    const mask = maskGraphQLError(logger);
    const refused = mask(new GraphQLError('x', { originalError: new DomainError('NOT_FOUND', 'Company not found') })) as GraphQLError;
    expect(refused.message).toBe('Company not found');
    expect(refused.extensions.code).toBe('NOT_FOUND');
    const crashed = mask(new GraphQLError('boom', { originalError: new TypeError('cannot read x of undefined') })) as GraphQLError;
    expect(crashed.message).toBe(UNEXPECTED_ERROR);
    expect(crashed.extensions.code).toBe('INTERNAL');
    const syntax = new GraphQLError('Syntax Error: Unexpected Name "foo".');
    expect(mask(syntax)).toBe(syntax);
  });

  it('answers a lost or refused database connection (a failover) with a retryable 503 and Retry-After, on REST and GraphQL', async () => {
    // What postgres.js throws when the primary dies under a query, when no node answers, and when the
    // node answering has become a standby.
    const lost = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
    const readOnly = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' });
    for (const error of [lost, refused, readOnly]) {
      const answer = toErrorAnswer(error, logger);
      expect(answer).toMatchObject({ status: 503, body: { code: 'DATABASE_UNAVAILABLE' }, retryable: true });
      expect(answer.body.message).toMatch(/try again in a few seconds/i);
      const response = errorResponse(answer);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      const masked = maskGraphQLError(logger)(new GraphQLError('x', { originalError: error })) as GraphQLError;
      expect(masked.extensions).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        retryable: true,
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    // Before any endpoint answered (the session read): the same, in the GraphQL shape for /graphql.
    const early = unavailableAnswer(lost, logger, true)!;
    expect(early.status).toBe(503);
    expect(((await early.json()) as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      retryable: true,
    });
    // Anything else is not the database being away: no 503, no retry.
    expect(unavailableAnswer(new TypeError('x is undefined'), logger, false)).toBeNull();
    expect(toErrorAnswer(Object.assign(new Error('duplicate key'), { code: '23505' }), logger).status).toBe(500);
  });
});
