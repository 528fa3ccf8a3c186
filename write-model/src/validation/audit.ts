import { z } from 'zod';
import { requiredText } from './fields.ts';

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
