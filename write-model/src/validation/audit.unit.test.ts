import { describe, expect, it } from 'vitest';
import { companyHistoryQuerySchema, complianceReportQuerySchema, entityAsOfQuerySchema } from './audit.ts';
import { messagesAt } from './test-support.ts';

const MOMENT = (field: string) => `${field} must be a date (YYYY-MM-DD) or an ISO date-time between 1900-01-01 and 2999-12-31`;

describe('audit query parameters', () => {
  it('reads a bare date as its South African day and passes date-times through', () => {
    expect(companyHistoryQuerySchema.parse({ from: '2025-03-05', to: '2025-03-05', first: '20', after: '1234' })).toEqual({
      from: new Date('2025-03-04T22:00:00.000Z'),
      to: new Date('2025-03-05T21:59:59.999Z'),
      first: 20,
      after: '1234',
    });
    expect(companyHistoryQuerySchema.parse({ from: '2025-03-05T10:00:00Z', to: '', first: null, after: '' })).toEqual({
      from: new Date('2025-03-05T10:00:00Z'),
      to: null,
      first: null,
      after: null,
    });
  });

  it.each([
    ['from', '0000-01-01', MOMENT('from')],
    ['to', '9999-12-31', MOMENT('to')],
    ['from', '2026-02-30', MOMENT('from')],
    ['from', '0000-01-01T00:00:00Z', MOMENT('from')],
    ['to', 'yesterday', MOMENT('to')],
    ['after', '99999999999999999999', 'after must be the cursor of a page (a whole number)'],
    ['after', '-1', 'after must be the cursor of a page (a whole number)'],
    ['after', 'abc', 'after must be the cursor of a page (a whole number)'],
    ['first', 'abc', 'first must be a whole number from 1 to 500'],
    ['first', 'NaN', 'first must be a whole number from 1 to 500'],
    ['first', '2147483648', 'first must be a whole number from 1 to 500'],
    ['first', 0, 'first must be a whole number from 1 to 500'],
  ])('company history %s = %j says %s', (field, value, message) => {
    expect(messagesAt(companyHistoryQuerySchema, { [field]: value }, field)).toEqual([message]);
  });

  it('takes asOf as a bounded position or moment', () => {
    expect(entityAsOfQuerySchema.safeParse({ asOf: '1234' }).success).toBe(true);
    expect(entityAsOfQuerySchema.safeParse({ asOf: '2025-03-05T10:00:00.000Z' }).success).toBe(true);
    expect(messagesAt(entityAsOfQuerySchema, { asOf: '99999999999999999999' }, 'asOf')).toEqual([
      'asOf must be a whole number from 0 to 9007199254740991',
    ]);
    expect(messagesAt(entityAsOfQuerySchema, { asOf: '0000-01-01' }, 'asOf')).toEqual([
      'asOf must be a global position or a date (YYYY-MM-DD) or an ISO date-time between 1900-01-01 and 2999-12-31',
    ]);
    expect(messagesAt(complianceReportQuerySchema, { asOf: '0000-01-01' }, 'asOf')).toEqual([MOMENT('asOf')]);
    expect(complianceReportQuerySchema.parse({ asOf: '2025-03-05' }).asOf).toEqual(new Date('2025-03-05T21:59:59.999Z'));
  });
});
