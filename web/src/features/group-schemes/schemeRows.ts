import { PROVINCES, RELATIONSHIPS } from '@fpa/write-model/validation';
import type { SchemeMainMemberInput } from './groupSchemes.operations';

/*
 * The member rows of Create Scheme and Add Members as the inputs hold them: every field a string,
 * possibly blank. Rows are sent as typed; the shared schema (and the server) drop incomplete ones.
 */

export type FamilyRow = {
  key: string;
  firstName: string;
  lastName: string;
  saId: string;
  relationship: string;
  coverAmount: string;
  priorCoverMonths: string;
  priorCoverEndedOn: string;
};

export type MainRow = {
  key: string;
  firstName: string;
  lastName: string;
  saId: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  email: string;
  coverAmount: string;
  priorCoverMonths: string;
  priorCoverEndedOn: string;
  familyMembers: FamilyRow[];
};

export type MainField = Exclude<keyof MainRow, 'key' | 'familyMembers'>;
export type FamilyField = Exclude<keyof FamilyRow, 'key'>;

let nextKey = 1;
const newKey = () => `row-${nextKey++}`;

export function emptyFamilyRow(): FamilyRow {
  return {
    key: newKey(),
    firstName: '',
    lastName: '',
    saId: '',
    relationship: '',
    coverAmount: '',
    priorCoverMonths: '',
    priorCoverEndedOn: '',
  };
}

export function emptyMainRow(): MainRow {
  return {
    key: newKey(),
    firstName: '',
    lastName: '',
    saId: '',
    phone: '',
    address: '',
    city: '',
    province: '',
    postalCode: '',
    email: '',
    coverAmount: '',
    priorCoverMonths: '',
    priorCoverEndedOn: '',
    familyMembers: [],
  };
}

export const addMainRow = (rows: readonly MainRow[]): MainRow[] => [...rows, emptyMainRow()];

/** Removes a main-member row; the last one is never removed, so one row always stays on screen. */
export function removeMainRow(rows: readonly MainRow[], index: number): MainRow[] {
  if (rows.length <= 1) return [...rows];
  return rows.filter((_, i) => i !== index);
}

export function setMainField(rows: readonly MainRow[], index: number, field: MainField, value: string): MainRow[] {
  return rows.map((row, i) => (i === index ? { ...row, [field]: value } : row));
}

export function addFamilyRow(rows: readonly MainRow[], index: number): MainRow[] {
  return rows.map((row, i) => (i === index ? { ...row, familyMembers: [...row.familyMembers, emptyFamilyRow()] } : row));
}

export function removeFamilyRow(rows: readonly MainRow[], index: number, familyIndex: number): MainRow[] {
  return rows.map((row, i) => (i === index ? { ...row, familyMembers: row.familyMembers.filter((_, j) => j !== familyIndex) } : row));
}

export function setFamilyField(rows: readonly MainRow[], index: number, familyIndex: number, field: FamilyField, value: string): MainRow[] {
  return rows.map((row, i) =>
    i === index
      ? { ...row, familyMembers: row.familyMembers.map((member, j) => (j === familyIndex ? { ...member, [field]: value } : member)) }
      : row,
  );
}

/** Prior cover as the mutation takes it: whole months as a number, blank as left out (the form checked both first). */
function priorCoverInput(row: Pick<MainRow, 'priorCoverMonths' | 'priorCoverEndedOn'>) {
  const months = row.priorCoverMonths.trim();
  return { priorCoverMonths: months ? Number(months) : null, priorCoverEndedOn: row.priorCoverEndedOn.trim() || null };
}

/** The rows without their screen keys, as the mutation input takes them (the server drops incomplete ones too). */
export function mainMembersInput(rows: readonly MainRow[]): SchemeMainMemberInput[] {
  return rows.map(({ key: _key, familyMembers, ...row }) => ({
    ...row,
    ...priorCoverInput(row),
    familyMembers: familyMembers.map(({ key: _familyKey, ...member }) => ({ ...member, ...priorCoverInput(member) })),
  }));
}

/** The sentence for the rows the server dropped as incomplete, or null when none were. */
export function droppedRowsMessage(droppedRows: number): string | null {
  if (droppedRows <= 0) return null;
  return droppedRows === 1
    ? '1 incomplete row was left out (a main member needs first name, last name, SA ID, phone and address).'
    : `${droppedRows} incomplete rows were left out (a main member needs first name, last name, SA ID, phone and address).`;
}

/** Error keys of the schema ('mainMembers.0.saId') for one main row's field or one family row's field. */
export const mainErrorKey = (index: number, field: MainField) => `mainMembers.${index}.${field}`;
export const familyErrorKey = (index: number, familyIndex: number, field: FamilyField) =>
  `mainMembers.${index}.familyMembers.${familyIndex}.${field}`;

export const RELATIONSHIP_OPTIONS = RELATIONSHIPS.map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

export const RELATIONSHIP_LABELS: Record<string, string> = Object.fromEntries(RELATIONSHIP_OPTIONS.map((o) => [o.id, o.label]));

/** Stored as the province code, as members' provinces are. */
export const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ id: p.code, label: p.name }));
