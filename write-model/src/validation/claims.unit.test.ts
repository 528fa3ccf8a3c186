import { describe, expect, it } from 'vitest';
import { claimSchemaOn, claimStatusSchema } from './claims.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';
const claimSchema = claimSchemaOn('2026-06-15');

const claim = {
  policyId: 'policy-1',
  policyNumber: '',
  deceasedFirstName: 'Sipho',
  deceasedLastName: 'Dlamini',
  deceasedSaId: VALID_SA_ID,
  deceasedDateOfBirth: '1980-01-01',
  deceasedDateOfDeath: '2025-03-14',
  causeOfDeath: 'Natural causes',
  deathCertificateNumber: 'DC123456',
  claimantFirstName: 'Nomsa',
  claimantLastName: 'Dlamini',
  claimantSaId: OTHER_SA_ID,
  claimantPhone: '072 555 0101',
  claimantEmail: 'nomsa@example.co.za',
  claimantAddress: '12 Vilakazi Street, Soweto',
  relationshipToDeceased: 'spouse',
  claimAmount: '15000',
  bankAccountNumber: '62012345678',
  bankName: 'FNB',
  bankBranchCode: '250655',
  accountHolderName: 'N Dlamini',
  additionalNotes: '',
  deceasedIdDocument: '/objects/uploads/a',
  claimantIdDocument: '/objects/uploads/b',
  deathCertificateDocument: '/objects/uploads/c',
  bankLetterDocument: '/objects/uploads/d',
};

describe('claimSchema', () => {
  it('accepts a complete claim with a chosen policy or a typed policy number', () => {
    expect(messagesOf(claimSchema, claim)).toEqual([]);
    expect(messagesOf(claimSchema, { ...claim, policyId: '', policyNumber: 'POL-000123' })).toEqual([]);
    expect(claimSchema.parse(claim)).toMatchObject({ policyNumber: undefined, claimantPhone: '0725550101', additionalNotes: undefined });
  });

  it('needs a policy', () => {
    expect(messagesAt(claimSchema, { ...claim, policyId: '', policyNumber: ' ' }, 'policyId')).toEqual([
      'Please select a policy or enter a policy number',
    ]);
    // Said even when the whole body is missing its fields: choosing the policy comes first.
    expect(messagesOf(claimSchema, {})).toContain('Please select a policy or enter a policy number');
    expect(messagesOf(claimSchema, null)).toHaveLength(1);
  });

  it.each([
    ['deceasedSaId', BAD_SA_ID, 'Invalid SA ID number for the deceased'],
    ['claimantSaId', '12345', 'Invalid SA ID number for the claimant'],
    ['claimantPhone', '0021234567', 'Invalid South African phone number'],
    ['claimantPhone', '', "Claimant's phone number is required"],
    ['claimantEmail', 'nomsa@', 'Invalid email address'],
    ['claimAmount', '0', 'Claim amount must be greater than 0'],
    ['claimAmount', '', 'Claim amount is required'],
    ['bankBranchCode', '2506', 'Branch code must be 6 digits'],
    ['bankAccountNumber', '6201-2345', 'Bank account number must contain digits only'],
    ['deceasedDateOfDeath', '1979-12-31', 'Date of death cannot be before the date of birth'],
    ['deceasedDateOfDeath', '2025-02-30', 'Date of death must be a valid date'],
    ['deceasedDateOfDeath', '2026-06-16', 'Date of death cannot be in the future'],
    ['deceasedLastName', 'N'.repeat(101), "Deceased's last name must be at most 100 characters"],
    ['claimantFirstName', 'N'.repeat(101), "Claimant's first name must be at most 100 characters"],
    ['deceasedDateOfDeath', '9999-12-31', 'Date of death cannot be in the future'],
    ['deceasedDateOfBirth', '0000-01-01', "Deceased's date of birth cannot be before 1900-01-01"],
    ['deceasedDateOfBirth', '2026-06-16', "Deceased's date of birth cannot be in the future"],
    ['deceasedDateOfBirth', '2026-02-30', "Deceased's date of birth must be a valid date"],
    ['causeOfDeath', '', 'Cause of death is required'],
    ['deceasedIdDocument', '', 'Deceased ID document is required'],
    ['claimantIdDocument', '', 'Claimant ID document is required'],
    ['deathCertificateDocument', '', 'Death certificate is required'],
    ['bankLetterDocument', '', 'Bank letter is required'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(claimSchema, { ...claim, [field]: value }, field)).toEqual([message]);
  });

  it('requires the four documents even when they are missing from the body', () => {
    const { deceasedIdDocument: _a, claimantIdDocument: _b, deathCertificateDocument: _c, bankLetterDocument: _d, ...rest } = claim;
    expect(messagesOf(claimSchema, rest)).toEqual([
      'Deceased ID document is required',
      'Claimant ID document is required',
      'Death certificate is required',
      'Bank letter is required',
    ]);
  });
});

describe('claimStatusSchema', () => {
  it('knows the six statuses', () => {
    expect(claimStatusSchema.parse({ status: 'sent_to_underwriter' }).status).toBe('sent_to_underwriter');
    expect(messagesOf(claimStatusSchema, { status: 'review' })).toEqual(['Unknown claim status']);
  });
});
