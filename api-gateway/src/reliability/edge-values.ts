import { addYears, southAfricanDate } from '@fpa/write-model/validation';

/*
 * Values at the edges of what each column type holds, for the hostile-input area (test-only). Each
 * is sent under one field of an otherwise valid body, so it reaches the field's own check; every one
 * must be a 400 naming that field and change nothing. A value is raw JSON text, so 1e309 arrives as
 * the number Infinity and "NaN" as the text a careless client sends.
 */
export type EdgeValue = { name: string; json: string };

const quoted = (text: string) => JSON.stringify(text);
const today = () => southAfricanDate(new Date());
const tomorrow = () => southAfricanDate(new Date(Date.now() + 86_400_000));

/** PostgreSQL's date refuses year 0000; 9999-12-31 and 30 February mean nothing an insurer records. */
export const EDGE_DATES = (): EdgeValue[] => [
  { name: 'year 0000', json: quoted('0000-01-01') },
  { name: '9999-12-31', json: quoted('9999-12-31') },
  { name: '30 February', json: quoted('2026-02-30') },
  { name: 'before 1900', json: quoted('1899-12-31') },
  { name: 'negative year', json: quoted('-001-01-01') },
  { name: 'no dashes', json: quoted('20260101') },
  { name: 'a number', json: '20260101' },
];
/** Dates of birth and death: tomorrow (South African) is in the future. */
export const FUTURE_DAY = (): EdgeValue => ({ name: 'tomorrow', json: quoted(tomorrow()) });
/** Payment dates: two years ahead is past the one-year bound. */
export const FAR_FUTURE_PAYMENT = (): EdgeValue => ({ name: 'two years ahead', json: quoted(addYears(today(), 2)) });

/** Money in numeric(17,2) (sums in numeric(20,2)) and counts in integer columns. */
export const EDGE_NUMBERS: EdgeValue[] = [
  { name: '1e20', json: '1e20' },
  { name: '"1e20"', json: quoted('1e20') },
  { name: '-1', json: '-1' },
  { name: '"NaN"', json: quoted('NaN') },
  { name: '"Infinity"', json: quoted('Infinity') },
  { name: '1e309 (Infinity)', json: '1e309' },
  { name: 'int4 max + 1', json: '2147483648' },
  { name: 'bigint max + 1', json: '9223372036854775808' },
  { name: 'a billion as text', json: quoted('1000000000') },
];

/** Text past the general limit (every column is text: no varchar(n) to overflow). */
export const EDGE_TEXTS: EdgeValue[] = [{ name: '20,001 characters', json: quoted('x'.repeat(20_001)) }];

/**
 * Names and identifiers sit in indexed text columns, where a btree entry holds at most 2,704 bytes:
 * 9,600 characters that do not compress made the members projector fail ("index row requires 9632
 * bytes"). They stop at 100 characters.
 */
const incompressible = (length: number) =>
  Array.from({ length }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(i * 7919 + ((i * i) % 31)) % 36]).join('');
export const EDGE_NAMES: EdgeValue[] = [
  { name: '101 characters', json: quoted('N'.repeat(101)) },
  { name: '9,600 characters that do not compress', json: quoted(incompressible(9_600)) },
  ...EDGE_TEXTS,
];

const madeUpCursor = (time: string, position: number) => Buffer.from(JSON.stringify([time, position]), 'utf8').toString('base64url');

/** Query parameters of the audit reads and the lists at the edges of bigint and of the date range. */
export const EDGE_AUDIT_QUERIES: { name: string; path: (claimId: string) => string; field: string }[] = [
  { name: 'cursor past bigint', path: () => '/api/audit/company/events?after=99999999999999999999', field: 'after' },
  { name: 'cursor not a number', path: () => '/api/audit/company/events?after=abc', field: 'after' },
  { name: 'page size not a number', path: () => '/api/audit/company/events?first=NaN', field: 'first' },
  { name: 'page size past int4', path: () => '/api/audit/company/events?first=2147483648', field: 'first' },
  { name: 'from year 0000', path: () => '/api/audit/company/events?from=0000-01-01', field: 'from' },
  { name: 'to 9999-12-31', path: () => '/api/audit/company/events?to=9999-12-31', field: 'to' },
  { name: 'from 30 February', path: () => '/api/audit/company/events?from=2026-02-30', field: 'from' },
  { name: 'CSV from year 0000', path: () => '/api/audit/company/events.csv?from=0000-01-01', field: 'from' },
  { name: 'asOf year 0000', path: (id) => `/api/audit/claim/${id}?asOf=0000-01-01`, field: 'asOf' },
  { name: 'asOf past bigint', path: (id) => `/api/audit/claim/${id}?asOf=99999999999999999999`, field: 'asOf' },
  { name: 'report asOf year 0000', path: () => '/api/audit/reports/claims-ageing?asOf=0000-01-01', field: 'asOf' },
  { name: 'report asOf 9999-12-31', path: () => '/api/audit/reports/waiting-period?asOf=9999-12-31', field: 'asOf' },
  { name: 'report from year 0000', path: () => '/api/audit/reports/permission-changes?from=0000-01-01', field: 'from' },
  // A list cursor is opaque, but a client can make one up: its time goes to a timestamptz parameter.
  {
    name: 'payments cursor in year 0000',
    path: () => `/api/payments?after=${madeUpCursor('0000-01-01T00:00:00.000000Z', 1)}`,
    field: 'after',
  },
  {
    name: 'payments cursor past exact integers',
    path: () => `/api/payments?after=${madeUpCursor('2025-03-05T10:00:00.000000Z', 1e20)}`,
    field: 'after',
  },
];
