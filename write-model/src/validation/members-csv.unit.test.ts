import { describe, expect, it } from 'vitest';
import {
  CSV_MEMBER_COLUMNS,
  csvRowNumber,
  csvRowToMemberInput,
  parseCsvBoolean,
  validateCsvMemberRow,
  type CsvMemberRow,
} from './members-csv.ts';
import { memberSchemaOn } from './members.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID } from './test-support.ts';
const memberSchema = memberSchemaOn('2026-06-15');

const main: CsvMemberRow = {
  firstName: 'Sipho',
  lastName: 'Dlamini',
  identifierType: 'saId',
  saId: VALID_SA_ID,
  phone: '082 123 4567',
  address: '12 Vilakazi Street',
  city: 'Soweto',
  province: 'GP',
  postalCode: '1804',
  isMainMember: 'yes',
  policyTypeId: 'pt-1',
};

const child: CsvMemberRow = {
  firstName: 'Lerato',
  lastName: 'Dlamini',
  saId: OTHER_SA_ID,
  isMainMember: 'false',
  mainMemberIdentifier: VALID_SA_ID,
  relationship: 'child',
};

describe('CSV member rows', () => {
  it('has the template columns in order and numbers rows from 2', () => {
    expect(CSV_MEMBER_COLUMNS).toEqual([
      'firstName',
      'lastName',
      'identifierType',
      'saId',
      'passportNumber',
      'nationality',
      'email',
      'phone',
      'address',
      'city',
      'province',
      'postalCode',
      'dateOfBirth',
      'isMainMember',
      'mainMemberIdentifier',
      'relationship',
      'policyTypeId',
    ]);
    expect(csvRowNumber(0)).toBe(2);
  });

  it('reads true, 1 and yes as a main member', () => {
    expect(['true', '1', 'YES', ' yes '].map(parseCsvBoolean)).toEqual([true, true, true, true]);
    expect(['false', '0', 'no', '', undefined].map(parseCsvBoolean)).toEqual([false, false, false, false, false]);
  });

  it('passes good main and family rows', () => {
    expect(validateCsvMemberRow(main, { policyTypeIds: ['pt-1'] })).toEqual([]);
    expect(validateCsvMemberRow(child)).toEqual([]);
  });

  it("refuses a date of birth outside 1900-01-01 to today (South African) in the form's words", () => {
    const today = '2026-06-15';
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '2026-06-15' }, { today })).toEqual([]);
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '2026-06-16' }, { today })).toEqual(['Date of birth cannot be in the future']);
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '0000-01-01' }, { today })).toEqual(['Date of birth cannot be before 1900-01-01']);
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '2026-02-30' }, { today })).toEqual([
      'Date of birth must be a valid date (YYYY-MM-DD)',
    ]);
  });

  it('keeps names and passport numbers short enough for their indexed columns', () => {
    expect(validateCsvMemberRow({ ...main, firstName: 'N'.repeat(101) })).toEqual(['First name must be at most 100 characters']);
    expect(validateCsvMemberRow({ ...main, lastName: 'N'.repeat(101) })).toEqual(['Last name must be at most 100 characters']);
  });

  it('lists every missing main-member field with the spec words', () => {
    expect(validateCsvMemberRow({ isMainMember: 'true' })).toEqual([
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'Province is required',
      'Postal code is required',
      'SA ID is required',
    ]);
  });

  it('checks the identifier, phone, email and policy type', () => {
    expect(validateCsvMemberRow({ ...main, saId: BAD_SA_ID })).toEqual(['Invalid SA ID number']);
    expect(validateCsvMemberRow({ ...main, identifierType: 'passport', passportNumber: '' })).toEqual(['Passport number is required']);
    expect(validateCsvMemberRow({ ...main, identifierType: 'passport', passportNumber: 'A123' })).toEqual([
      'Passport number must be at least 6 characters',
    ]);
    expect(validateCsvMemberRow({ ...main, phone: '0021234567' })).toEqual(['Invalid South African phone number']);
    expect(validateCsvMemberRow({ ...main, email: 'sipho@' })).toEqual(['Invalid email format']);
    expect(validateCsvMemberRow(main, { policyTypeIds: ['pt-2'] })).toEqual(['Invalid policy type ID']);
  });

  it('needs the main member and relationship of a family row', () => {
    expect(validateCsvMemberRow({ ...child, mainMemberIdentifier: '', relationship: '' })).toEqual([
      'Main member identifier required for family members',
      'Relationship is required for family members',
    ]);
  });

  it('infers passport from a blank identifierType with only a passport number', () => {
    expect(validateCsvMemberRow({ ...main, identifierType: '', saId: '', passportNumber: 'M00123456' })).toEqual([]);
  });

  it('turns a valid row into a payload the member schema accepts', () => {
    expect(memberSchema.safeParse(csvRowToMemberInput(main, null)).success).toBe(true);
    const payload = csvRowToMemberInput(child, 'member-1');
    expect(payload).toMatchObject({ isMainMember: false, mainMemberId: 'member-1', relationship: 'child', nationality: 'ZA' });
    expect(memberSchema.safeParse(payload).success).toBe(true);
  });
});
