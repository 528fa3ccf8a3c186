import type { CommandContext } from '../../command-handling/context.ts';
import { ValidationError } from '../../errors.ts';
import {
  csvRowMandate,
  csvRowToMemberInput,
  MANDATE_MESSAGES,
  isValidSaId,
  memberSchemaOn,
  validateCsvMemberRow,
  type CsvMemberRow,
  type CsvPolicyTypeRef,
  type MandateInput,
  type MemberInput,
} from '../../validation/index.ts';
import type { ImportRowFailure } from '../member-imports.ts';
import { identifierKey } from '../members.state.ts';
import { PASSPORT_TAKEN, SA_ID_TAKEN } from '../member-identifiers.ts';

export type PlannedRow = {
  rowNumber: number;
  memberId: string;
  key: string;
  input: MemberInput;
  /** For a family row: the key of its main member, and whether that main member is in this chunk. */
  mainKey: string | null;
  mainInChunk: boolean;
  /** The debit-order mandate of the row's policy (issue #21), checked by mandateSchema; null for none. */
  mandate: MandateInput | null;
};

/** How a refused mandate reference is named: which reference, and why. */
export const mandateReferenceRepeated = (reference: string, firstRow: number) =>
  `Mandate reference ${reference} appears more than once in the file (first on row ${firstRow})`;
export const mandateReferenceTakenInCompany = (reference: string) => `Mandate reference ${reference}: ${MANDATE_MESSAGES.referenceTaken}`;

/** The key a family row's mainMemberIdentifier names: an SA ID when it is one, else a passport. */
export function mainMemberKey(identifier: string): string {
  const value = identifier.trim();
  return isValidSaId(value) ? `sa:${value}` : `passport:${value.toUpperCase()}`;
}

export function rowKey(row: CsvMemberRow): string {
  const input = csvRowToMemberInput(row, null);
  return identifierKey({ saId: input.saId, passportNumber: input.passportNumber });
}

/**
 * Validates a chunk the way the upload dialog does, then again as the member form would, and
 * resolves each family row's main member: a main row earlier in this chunk, or an existing member
 * (`existing`: identifier key → member id, from the write side's reservations).
 */
export function planChunk(
  rows: readonly CsvMemberRow[],
  firstRowNumber: number,
  context: {
    /** The company's policy types the chunk names (by id or by name). */
    policyTypes: readonly CsvPolicyTypeRef[];
    existing: ReadonlyMap<string, string>;
    /** The mandate references (mandateReferenceKey) the company's policies hold already. */
    takenReferences?: ReadonlySet<string>;
    newId: CommandContext['newId'];
    today: string;
  },
): { planned: PlannedRow[]; failed: ImportRowFailure[] } {
  const planned: PlannedRow[] = [];
  const failed: ImportRowFailure[] = [];
  const seen = new Set<string>();
  const mainsInChunk = new Map<string, string>();
  const referenceRows = new Map<string, number>();
  const memberSchema = memberSchemaOn(context.today);
  rows.forEach((row, index) => {
    const rowNumber = firstRowNumber + index;
    const fail = (errors: string[]) => failed.push({ rowNumber, errors });
    const errors = validateCsvMemberRow(row, { policyTypes: context.policyTypes, today: context.today });
    if (errors.length > 0) return fail(errors);
    const key = rowKey(row);
    if (seen.has(key)) return fail([`${key.startsWith('sa:') ? 'This SA ID' : 'This passport number'} appears more than once in the file`]);
    seen.add(key);
    if (context.existing.has(key)) return fail([key.startsWith('sa:') ? SA_ID_TAKEN : PASSPORT_TAKEN]);
    const isMain = csvRowToMemberInput(row, null).isMainMember;
    let mainMemberId: string | null = null;
    let mainKey: string | null = null;
    let mainInChunk = false;
    if (!isMain) {
      mainKey = mainMemberKey(row.mainMemberIdentifier ?? '');
      mainInChunk = mainsInChunk.has(mainKey);
      mainMemberId = mainsInChunk.get(mainKey) ?? context.existing.get(mainKey) ?? null;
      if (!mainMemberId) {
        return fail([`Main member not found: no member with SA ID or passport number ${row.mainMemberIdentifier?.trim()}`]);
      }
    }
    const parsed = memberSchema.safeParse(csvRowToMemberInput(row, mainMemberId, context.policyTypes));
    if (!parsed.success) return fail([...new Set(parsed.error.issues.map((i) => i.message))]);
    // Checked by validateCsvMemberRow above: a row with a mandate is a main member's with a policy.
    const { mandate } = csvRowMandate(row);
    if (mandate) {
      const reference = mandate.mandateReference;
      const firstRow = referenceRows.get(reference);
      if (firstRow !== undefined) return fail([mandateReferenceRepeated(reference, firstRow)]);
      referenceRows.set(reference, rowNumber);
      if (context.takenReferences?.has(reference)) return fail([mandateReferenceTakenInCompany(reference)]);
    }
    const memberId = context.newId();
    if (isMain) mainsInChunk.set(key, memberId);
    planned.push({ rowNumber, memberId, key, input: parsed.data, mainKey, mainInChunk, mandate });
  });
  return { planned, failed };
}

export const MAX_CHUNK_ROWS = 1000;

export function assertChunkShape(input: { rows: unknown[] }) {
  if (input.rows.length > MAX_CHUNK_ROWS) {
    throw new ValidationError(`At most ${MAX_CHUNK_ROWS} rows can be imported in one request.`);
  }
}
