import { z } from 'zod';
import { dateField } from './date-fields.ts';
import { EARLIEST_DATE, addMonths, oncePerDay } from './dates.ts';
import { ACCOUNT_TYPES } from './mandates.ts';
import { decimalString } from './fields.ts';
import { STATEMENT_DATE_FORMATS } from '../collections/statement/statement-values.ts';

/**
 * Collections (issue #21): the company's collection settings, a batch's debit date, and the result
 * and statement files' limits. The bank-assigned codes are the ACB file's (docs/collections-files.md).
 */
export const COLLECTION_MESSAGES = {
  userCode: 'User code must be the 4 letters or digits your bank gave you',
  abbreviatedName: 'Abbreviated name must be 1 to 10 letters, digits or spaces',
  installationId: 'Installation ID must be 4 digits',
  branchCode: 'Branch code must be 6 digits',
  accountNumber: 'Account number must be 7 to 16 digits',
  accountType: 'Account type must be cheque, savings or transmission',
  debitDate: 'Debit date must be a date (YYYY-MM-DD)',
  noAccount: 'Set up the collecting account (Collections settings) before downloading a bank file.',
} as const;

/** How far ahead a batch may be made: a bank takes a file up to a few weeks before its action date. */
export const BATCH_MONTHS_AHEAD = 2;

/** The account the company collects into, with the codes its bank gave it for bulk debits. */
export const collectingAccountSchema = z.object({
  userCode: z
    .string({ error: COLLECTION_MESSAGES.userCode })
    .trim()
    .regex(/^[A-Za-z0-9]{4}$/, COLLECTION_MESSAGES.userCode)
    .transform((v) => v.toUpperCase()),
  abbreviatedName: z
    .string({ error: COLLECTION_MESSAGES.abbreviatedName })
    .trim()
    .regex(/^[A-Za-z0-9 ]{1,10}$/, COLLECTION_MESSAGES.abbreviatedName)
    .transform((v) => v.toUpperCase()),
  installationId: z
    .string({ error: COLLECTION_MESSAGES.installationId })
    .trim()
    .regex(/^\d{4}$/, COLLECTION_MESSAGES.installationId),
  branchCode: z
    .string({ error: COLLECTION_MESSAGES.branchCode })
    .trim()
    .regex(/^\d{6}$/, COLLECTION_MESSAGES.branchCode),
  accountNumber: z
    .string({ error: COLLECTION_MESSAGES.accountNumber })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{7,16}$/, COLLECTION_MESSAGES.accountNumber)),
  accountType: z.enum(ACCOUNT_TYPES, { error: COLLECTION_MESSAGES.accountType }),
});
export type CollectingAccountInput = z.output<typeof collectingAccountSchema>;

/** PUT /api/collections/settings: whether a batch also collects earlier unpaid premiums, and the collecting account. */
export const collectionSettingsSchema = z.object({
  includeArrears: z.boolean({ error: 'includeArrears must be true or false' }),
  account: collectingAccountSchema.nullish().transform((v) => v ?? null),
});
export type CollectionSettingsInput = z.output<typeof collectionSettingsSchema>;

/** POST /api/collections/batches: the debit date, from the first premium ever possible to BATCH_MONTHS_AHEAD ahead. */
export const createBatchSchemaOn = oncePerDay((today: string) => {
  const latest = addMonths(today, BATCH_MONTHS_AHEAD);
  return z.object({
    debitDate: dateField(
      { earliest: EARLIEST_DATE, latest },
      {
        required: 'Debit date is required',
        invalid: COLLECTION_MESSAGES.debitDate,
        tooEarly: `Debit date cannot be before ${EARLIEST_DATE}`,
        tooLate: `Debit date cannot be more than ${BATCH_MONTHS_AHEAD} months ahead (${latest})`,
      },
    ),
  });
});
export type CreateBatchInput = z.output<ReturnType<typeof createBatchSchemaOn>>;

export const BATCH_FILE_FORMATS = ['csv', 'acb'] as const;
export type BatchFileFormat = (typeof BATCH_FILE_FORMATS)[number];

/** A statement's lines are numbered from 1; a 20 MB file has fewer than this many. */
const MAX_STATEMENT_LINE = 10_000_000;

export const STATEMENT_MESSAGES = {
  column: 'Name the column as it is written in the statement’s header row',
  amountColumns: 'Choose one amount column, or the money-in column (and the money-out column if there is one)',
  dateFormat: `Date format must be one of ${STATEMENT_DATE_FORMATS.join(', ')}`,
  allocations: 'Put the amount on at least one policy',
  allocationsTotal: (amount: string) => `The amounts must add up to the line's R ${amount}`,
  reason: 'Say why this credit is not a premium',
} as const;

const column = z.string({ error: STATEMENT_MESSAGES.column }).trim().min(1, STATEMENT_MESSAGES.column).max(100);
const optionalColumn = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || null);

/** PUT /api/collections/statement-columns: which header of the company's statement CSV holds what. */
export const statementColumnsSchema = z
  .object({
    date: column,
    description: column,
    reference: optionalColumn,
    amount: optionalColumn,
    credit: optionalColumn,
    debit: optionalColumn,
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: STATEMENT_MESSAGES.dateFormat }),
  })
  .superRefine((c, ctx) => {
    if ((c.amount === null) === (c.credit === null) || (c.amount !== null && c.debit !== null)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: STATEMENT_MESSAGES.amountColumns });
    }
  });
export type StatementColumnsInput = z.output<typeof statementColumnsSchema>;

/** POST /api/collections/statements/{id}/assign: the credit put on policies, split if needed. */
export const assignStatementLineSchema = z.object({
  line: z.number({ error: 'line must be a line number' }).int().min(1).max(MAX_STATEMENT_LINE).meta({ graphqlType: 'Int' }),
  allocations: z
    .array(
      z.object({
        policyId: z.string({ error: 'Choose the policy' }).trim().min(1, 'Choose the policy'),
        amount: decimalString({ required: 'Amount is required', positive: 'Amount must be greater than 0' }),
      }),
    )
    .min(1, STATEMENT_MESSAGES.allocations)
    .max(20, 'Split a credit over at most 20 policies'),
  note: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});
export type AssignStatementLineInput = z.output<typeof assignStatementLineSchema>;

/** POST /api/collections/statements/{id}/dismiss: not a premium, and why. */
export const dismissStatementLineSchema = z.object({
  line: z.number({ error: 'line must be a line number' }).int().min(1).max(MAX_STATEMENT_LINE).meta({ graphqlType: 'Int' }),
  reason: z.string({ error: STATEMENT_MESSAGES.reason }).trim().min(1, STATEMENT_MESSAGES.reason).max(500),
});
