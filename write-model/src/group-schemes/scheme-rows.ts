import { isCompleteMainMember } from '../validation/index.ts';

/*
 * The scheme schema (validation/group-schemes.ts) drops incomplete main-member rows (any of firstName,
 * lastName, saId, phone, address blank) and wholly blank family rows, silently, as spec §5 says. The
 * answer still tells how many rows went, and refusals point at the row the user sees, so both are
 * worked out here from the rows as they arrived, with the schema's own completeness rule.
 */

type RawRow = Record<string, unknown>;

const cell = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const rowsOf = (value: unknown): RawRow[] =>
  Array.isArray(value) ? value.filter((r): r is RawRow => typeof r === 'object' && r !== null) : [];
const familyRowsOf = (row: RawRow) => rowsOf(row.familyMembers);
// The schema's fields only: anything else a client sends along (a row key, say) is not data typed in.
const MAIN_FIELDS = ['firstName', 'lastName', 'saId', 'phone', 'address', 'city', 'province', 'postalCode', 'email', 'coverAmount'];
const FAMILY_FIELDS = ['firstName', 'lastName', 'saId', 'relationship', 'coverAmount'];
const isBlank = (row: RawRow, fields: string[]) => fields.every((field) => cell(row[field]) === '');
const isComplete = (row: RawRow) =>
  isCompleteMainMember({
    firstName: cell(row.firstName),
    lastName: cell(row.lastName),
    saId: cell(row.saId),
    phone: cell(row.phone),
    address: cell(row.address),
  });

/**
 * Rows dropped: each incomplete main-member row that had something typed in, plus the filled-in family
 * rows under it. Wholly blank rows are not counted: the form always keeps an empty row on screen.
 */
export function droppedSchemeRows(input: unknown): number {
  const mainRows = rowsOf((input as { mainMembers?: unknown } | null)?.mainMembers);
  let dropped = 0;
  for (const row of mainRows) {
    if (isComplete(row)) continue;
    if (!isBlank(row, MAIN_FIELDS)) dropped++;
    dropped += familyRowsOf(row).filter((f) => !isBlank(f, FAMILY_FIELDS)).length;
  }
  return dropped;
}

/** Where each kept row was in the payload: the main row's index and its kept family rows' indices. */
export type RowPositions = { main: number; family: number[] }[];

export function keptRowPositions(input: unknown): RowPositions {
  const mainRows = rowsOf((input as { mainMembers?: unknown } | null)?.mainMembers);
  const kept: RowPositions = [];
  mainRows.forEach((row, main) => {
    if (!isComplete(row)) return;
    const family: number[] = [];
    familyRowsOf(row).forEach((f, j) => {
      if (!isBlank(f, FAMILY_FIELDS)) family.push(j);
    });
    kept.push({ main, family });
  });
  return kept;
}
