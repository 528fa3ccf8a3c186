import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import pino from 'pino';
import { DomainError, ValidationError } from '@fpa/write-model';
import { HTTP_STATUS, maskGraphQLError, toErrorAnswer, UNEXPECTED_ERROR } from './errors.ts';

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
});
