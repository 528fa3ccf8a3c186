import { z } from 'zod';
import { requiredText } from './fields.ts';
import { dateProblem, endOfSouthAfricanDay, QUERY_DATE_RANGE, startOfSouthAfricanDay } from './dates.ts';

/*
 * Audit and POPIA requests (issue 10), shared by the Audit page and the server.
 */

export const DATA_SUBJECT_ID_REQUIRED = 'Enter the SA ID or passport number of the person';
export const ERASURE_REASON_REQUIRED = 'A reason for the erasure is required';

/** Data-subject access (GET /api/audit/personal-data/{idNumber}). */
export const dataSubjectSchema = z.object({
  idNumber: requiredText(DATA_SUBJECT_ID_REQUIRED).max(30, DATA_SUBJECT_ID_REQUIRED),
});

/** POST /api/audit/personal-data/{idNumber}/erase: {reason}. */
export const erasureSchema = dataSubjectSchema.extend({
  reason: requiredText(ERASURE_REASON_REQUIRED).max(500, 'The reason must be at most 500 characters'),
});
export type ErasureInput = z.infer<typeof erasureSchema>;

/** How many years personal data is kept after the last financial event (POPIA_RETENTION_YEARS). */
export const DEFAULT_RETENTION_YEARS = 5;

/*
 * Audit query parameters (REST query strings and GraphQL arguments alike). Each is refused with a
 * 400 naming it when PostgreSQL could not take it (a position past bigint, year 0000, NaN) instead of
 * failing in the query; dates follow the shared date rules (QUERY_DATE_RANGE).
 */

/** Positions and cursors are exact JavaScript integers (event positions are bigint, read as numbers). */
export const MAX_POSITION = Number.MAX_SAFE_INTEGER;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** A bounded date or date-time: the problem with `text`, or the instant it names (a bare date is a South African day). */
export function auditMoment(text: string, edge: 'start' | 'end'): { ok: true; value: Date } | { ok: false } {
  const dateTime = ISO_DATE_TIME.exec(text);
  const day = dateTime ? dateTime[1]! : text;
  if (dateProblem(day, QUERY_DATE_RANGE) !== null) return { ok: false };
  const value = dateTime ? new Date(text) : edge === 'start' ? startOfSouthAfricanDay(day) : endOfSouthAfricanDay(day);
  return Number.isNaN(value.getTime()) ? { ok: false } : { ok: true, value };
}

const momentMessage = (field: string) =>
  `${field} must be a date (YYYY-MM-DD) or an ISO date-time between ${QUERY_DATE_RANGE.earliest} and ${QUERY_DATE_RANGE.latest}`;

/** An optional moment filter: blank or absent is null. */
export function auditMomentField(field: string, edge: 'start' | 'end') {
  const message = momentMessage(field);
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((text, ctx) => {
      if (!text) return null;
      const moment = auditMoment(text, edge);
      if (moment.ok) return moment.value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

const positionMessage = (field: string) => `${field} must be a whole number from 0 to ${MAX_POSITION}`;
const isPosition = (text: string) => /^\d{1,16}$/.test(text) && Number(text) <= MAX_POSITION;

/** The company-history page size and cursor, and its date filters. */
export const companyHistoryQuerySchema = z.object({
  from: auditMomentField('from', 'start'),
  to: auditMomentField('to', 'end'),
  first: z
    .union([z.number(), z.string().trim()], { error: 'first must be a whole number from 1 to 500' })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
      if (Number.isInteger(n) && n >= 1 && n <= 500) return n;
      ctx.addIssue({ code: 'custom', message: 'first must be a whole number from 1 to 500' });
      return z.NEVER;
    }),
  after: z
    .string({ error: 'after must be the cursor of a page (a whole number)' })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isPosition(v), 'after must be the cursor of a page (a whole number)'),
});

/** asOf of a record: a global position ('1234') or a bounded date-time/date (a bare date: the end of that day). */
export const entityAsOfQuerySchema = z.object({
  asOf: z
    .string({ error: 'asOf is required' })
    .trim()
    .min(1, 'asOf is required')
    .superRefine((v, ctx) => {
      if (/^\d+$/.test(v)) {
        if (!isPosition(v)) ctx.addIssue({ code: 'custom', message: positionMessage('asOf') });
      } else if (!auditMoment(v, 'end').ok) {
        ctx.addIssue({
          code: 'custom',
          message: `asOf must be a global position or ${momentMessage('asOf').slice('asOf must be '.length)}`,
        });
      }
    }),
});

/** The compliance reports' asOf, from and to. */
export const complianceReportQuerySchema = z.object({
  asOf: auditMomentField('asOf', 'end'),
  from: auditMomentField('from', 'start'),
  to: auditMomentField('to', 'end'),
});
