import {
  beneficiariesSchema,
  beneficiarySetIssues,
  BENEFICIARY_LIMITS,
  fieldErrors,
  percentText,
  sharesTotal,
  type BeneficiariesInput,
} from '@fpa/write-model/validation';
import { RELATIONSHIP_LABELS } from '../../group-schemes/schemeRows';
import type { Beneficiary } from './beneficiaries.operations';

/** One row of the dialog as typed; `key` keeps React's rows apart when one is removed. */
export type BeneficiaryRow = {
  key: number;
  firstName: string;
  lastName: string;
  idNumber: string;
  relationship: string;
  phone: string;
  share: string;
};
export type BeneficiaryField = Exclude<keyof BeneficiaryRow, 'key'>;

// The family relationships' choices and words, as the scheme members' rows show them.
export { RELATIONSHIP_OPTIONS } from '../../group-schemes/schemeRows';
export const relationshipLabel = (relationship: string) => RELATIONSHIP_LABELS[relationship] ?? relationship;

export const MAX_ROWS = BENEFICIARY_LIMITS.max;

let nextKey = 1;
export function emptyRow(share = ''): BeneficiaryRow {
  return { key: nextKey++, firstName: '', lastName: '', idNumber: '', relationship: '', phone: '', share };
}

/** The dialog opens on the set as it stands, or one empty row with the whole benefit. */
export function rowsFrom(beneficiaries: readonly Beneficiary[]): BeneficiaryRow[] {
  if (beneficiaries.length === 0) return [emptyRow('100')];
  return beneficiaries.map((b) => ({
    key: nextKey++,
    firstName: b.firstName,
    lastName: b.lastName,
    idNumber: b.idNumber ?? '',
    relationship: b.relationship,
    phone: b.phone ?? '',
    share: percentText(b.share),
  }));
}

/** The message key of a row's field, as the shared schema and the server report it. */
export const errorKey = (index: number, field: BeneficiaryField) => `beneficiaries.${index}.${field}`;

const asInput = (rows: readonly BeneficiaryRow[]) => ({
  beneficiaries: rows.map(({ key: _key, relationship, ...row }) => ({ ...row, relationship: relationship || undefined })),
});

/**
 * The rows through the shared schema: the input to send, or the messages by field. The set-wide rules
 * (the total, an ID number twice) are added from the rows as typed, since the schema skips them while
 * a row still lacks a choice.
 */
export function checkRows(rows: readonly BeneficiaryRow[]): { input: BeneficiariesInput } | { errors: Record<string, string> } {
  const parsed = beneficiariesSchema.safeParse(asInput(rows));
  if (parsed.success) return { input: parsed.data };
  const errors = fieldErrors(parsed.error);
  for (const issue of beneficiarySetIssues(rows)) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

/** The shares' total as typed ('90', '99.5'), and what the set-wide rule says of it (null when it holds). */
export function sharesSummary(rows: readonly BeneficiaryRow[]): { total: string; problem: string | null } {
  const total = percentText(sharesTotal(rows.map((r) => r.share)));
  const problem = beneficiarySetIssues(rows).find((issue) => issue.path.length === 1)?.message ?? null;
  return { total, problem };
}
