import { describe, expect, it } from 'vitest';
import { MAIN_MEMBER_FIELD_MESSAGES, MEMBER_MESSAGES, editMemberSchemaOn, memberPolicyChoiceError, memberSchemaOn } from './members.ts';
import { BAD_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';
const editMemberSchema = editMemberSchemaOn('2026-06-15');
const memberSchema = memberSchemaOn('2026-06-15');

const principal = {
  firstName: 'Sipho',
  lastName: 'Dlamini',
  identifierType: 'saId',
  saId: VALID_SA_ID,
  passportNumber: '',
  nationality: '',
  email: '',
  phone: '082 123 4567',
  address: '12 Vilakazi Street',
  city: 'Soweto',
  province: 'GP',
  postalCode: '1804',
  dateOfBirth: '',
  isMainMember: true,
  mainMemberId: '',
  relationship: '',
  otherRelationship: '',
  policyTypeId: 'pt-1',
};

const family = {
  ...principal,
  firstName: 'Lerato',
  isMainMember: false,
  mainMemberId: 'm-1',
  relationship: 'child',
  phone: '',
  address: '',
  city: '',
  province: '',
  postalCode: '',
};

describe('memberSchema', () => {
  it('accepts a principal and shapes the POST payload (nulls, ZA, phone without spaces)', () => {
    expect(memberSchema.parse(principal)).toEqual({
      ...principal,
      passportNumber: null,
      nationality: 'ZA',
      email: null,
      phone: '0821234567',
      dateOfBirth: null,
      mainMemberId: null,
      relationship: null,
      otherRelationship: null,
      priorCover: null,
    });
  });

  it('accepts a family member without contact details', () => {
    expect(messagesOf(memberSchema, family)).toEqual([]);
  });

  it('reads prior cover (issue #22) as months and the day it ended, both or neither', () => {
    expect(memberSchema.parse({ ...family, priorCoverMonths: '18', priorCoverEndedOn: '2026-01-31' }).priorCover).toEqual({
      months: 18,
      endedOn: '2026-01-31',
    });
    expect(messagesOf(memberSchema, { ...family, priorCoverMonths: 18 })).toEqual([
      'Give both the months of prior cover and the date it ended, or neither',
    ]);
    expect(messagesOf(memberSchema, { ...family, priorCoverMonths: 0, priorCoverEndedOn: '2026-01-31' })).toEqual([
      'Prior cover must be a whole number of months from 1 to 600',
    ]);
    expect(messagesOf(memberSchema, { ...family, priorCoverMonths: 3, priorCoverEndedOn: '2999-01-31' })).toEqual([
      'Prior cover end date cannot be in the future',
    ]);
  });

  it.each([
    ['firstName', 'S', MEMBER_MESSAGES.firstName, 'First name must be at least 2 characters'],
    ['lastName', '', MEMBER_MESSAGES.lastName, 'Last name must be at least 2 characters'],
    ['email', 'sipho@', MEMBER_MESSAGES.email, 'Invalid email'],
  ])('%s = %j says the spec words', (field, value, message, literal) => {
    expect(message).toBe(literal);
    expect(messagesAt(memberSchema, { ...principal, [field]: value }, field)).toEqual([literal]);
  });

  it('needs a valid SA ID or passport', () => {
    const message = 'Valid SA ID or Passport Number is required';
    expect(messagesAt(memberSchema, { ...principal, saId: BAD_SA_ID }, 'saId')).toEqual([message]);
    expect(messagesAt(memberSchema, { ...principal, saId: '' }, 'saId')).toEqual([message]);
    const passport = { ...principal, identifierType: 'passport', saId: VALID_SA_ID };
    expect(messagesAt(memberSchema, { ...passport, passportNumber: 'A1234' }, 'passportNumber')).toEqual([message]);
    const parsed = memberSchema.parse({ ...passport, passportNumber: ' M00123456 ' });
    expect([parsed.saId, parsed.passportNumber]).toEqual([null, 'M00123456']);
  });

  it('without identifierType (API clients), uses whichever identifier is given', () => {
    const { identifierType: _, ...api } = principal;
    expect(memberSchema.parse(api).identifierType).toBe('saId');
    expect(memberSchema.parse({ ...api, saId: null, passportNumber: 'A123456' }).identifierType).toBe('passport');
    expect(messagesAt(memberSchema, { ...api, saId: null }, 'saId')).toEqual([MEMBER_MESSAGES.identifier]);
  });

  it('requires contact and address for main members, field by field', () => {
    const message = 'Contact and address information is required for main members';
    const bad = { ...principal, phone: '082 123', address: '12 V', city: 'S', province: 'G', postalCode: '180' };
    const result = memberSchema.safeParse(bad);
    // The spec's sentence is the form's summary (the refusal's message); each field says what it lacks (issue #25).
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['', message],
      ['phone', MAIN_MEMBER_FIELD_MESSAGES.phone],
      ['address', MAIN_MEMBER_FIELD_MESSAGES.address],
      ['city', MAIN_MEMBER_FIELD_MESSAGES.city],
      ['province', MAIN_MEMBER_FIELD_MESSAGES.province],
      ['postalCode', MAIN_MEMBER_FIELD_MESSAGES.postalCode],
    ]);
    expect(messagesAt(memberSchema, { ...principal, phone: '0021234567' }, 'phone')).toEqual([MAIN_MEMBER_FIELD_MESSAGES.phone]);
  });

  it('requires main member and relationship for family members', () => {
    const message = 'Main member and relationship are required for family members';
    expect(messagesAt(memberSchema, { ...family, mainMemberId: '' }, 'mainMemberId')).toEqual([message]);
    expect(messagesAt(memberSchema, { ...family, relationship: '' }, 'relationship')).toEqual([message]);
    expect(messagesAt(memberSchema, { ...family, relationship: 'cousin' }, 'relationship')[0]).toBe(MEMBER_MESSAGES.relationship);
  });

  it("requires words when the relationship is 'other'", () => {
    expect(messagesAt(memberSchema, { ...family, relationship: 'other' }, 'otherRelationship')).toEqual([
      "Please specify the relationship when 'Other' is selected",
    ]);
    expect(memberSchema.parse({ ...family, relationship: 'other', otherRelationship: 'Cousin' }).otherRelationship).toBe('Cousin');
  });

  it('drops a main member relationship and checks nationality and date of birth', () => {
    expect(memberSchema.parse({ ...principal, relationship: 'child', mainMemberId: 'x' }).relationship).toBeNull();
    expect(memberSchema.parse({ ...principal, nationality: 'zwe' }).nationality).toBe('ZWE');
    expect(messagesAt(memberSchema, { ...principal, nationality: 'ZAFR' }, 'nationality')).toEqual([MEMBER_MESSAGES.nationality]);
    expect(messagesAt(memberSchema, { ...principal, dateOfBirth: '1980-02-30' }, 'dateOfBirth')).toEqual([MEMBER_MESSAGES.dateOfBirth]);
    expect(memberSchema.parse({ ...principal, dateOfBirth: '2026-06-15' }).dateOfBirth).toBe('2026-06-15');
    expect(messagesAt(memberSchema, { ...principal, dateOfBirth: '2026-06-16' }, 'dateOfBirth')).toEqual([
      'Date of birth cannot be in the future',
    ]);
    expect(messagesAt(memberSchema, { ...principal, dateOfBirth: '0000-01-01' }, 'dateOfBirth')).toEqual([
      'Date of birth cannot be before 1900-01-01',
    ]);
    expect(messagesAt(editMemberSchema, { dateOfBirth: '9999-12-31' }, 'dateOfBirth')).toEqual(['Date of birth cannot be in the future']);
  });

  it('keeps names and passport numbers short enough for their indexed columns', () => {
    expect(memberSchema.parse({ ...principal, firstName: 'N'.repeat(100) }).firstName).toHaveLength(100);
    expect(messagesAt(memberSchema, { ...principal, firstName: 'N'.repeat(101) }, 'firstName')).toEqual([
      'First name must be at most 100 characters',
    ]);
    expect(messagesAt(editMemberSchema, { lastName: 'N'.repeat(9_600) }, 'lastName')).toEqual(['Last name must be at most 100 characters']);
    expect(
      messagesAt(memberSchema, { ...principal, identifierType: 'passport', passportNumber: 'A'.repeat(21) }, 'passportNumber'),
    ).toEqual([MEMBER_MESSAGES.identifier]);
  });
});

describe('memberPolicyChoiceError', () => {
  const base = { isMainMember: true, policyTypeId: null, addWithoutPolicy: false, policyTypesExist: true };
  it('asks a principal to pick a policy type or go on without one', () => {
    expect(memberPolicyChoiceError(base)).toBe(
      'Policy Required - Please select a policy type or choose to add the member without a policy.',
    );
    expect(memberPolicyChoiceError({ ...base, policyTypeId: 'pt' })).toBeNull();
    expect(memberPolicyChoiceError({ ...base, addWithoutPolicy: true })).toBeNull();
    expect(memberPolicyChoiceError({ ...base, policyTypesExist: false })).toBeNull();
    expect(memberPolicyChoiceError({ ...base, isMainMember: false })).toBeNull();
  });
});

describe('editMemberSchema', () => {
  const edit = {
    firstName: 'Sipho',
    lastName: 'Dlamini',
    email: '',
    phone: '+27 82 123 4567',
    address: '12 Vilakazi Street',
    city: 'Soweto',
    province: 'GP',
    postalCode: '1804',
    dateOfBirth: '',
  };
  it('accepts the edit and normalizes', () => {
    expect(editMemberSchema.parse(edit)).toEqual({ ...edit, email: null, phone: '+27821234567', dateOfBirth: null });
  });
  it.each([
    ['firstName', 'S', 'First name must be at least 2 characters'],
    ['lastName', 'D', 'Last name must be at least 2 characters'],
    ['phone', '082 123', 'Phone number must be at least 10 digits'],
    ['phone', '', 'Phone number must be at least 10 digits'],
    ['phone', '0021234567', 'Invalid South African phone number'],
    ['address', '12 V', 'Address must be at least 5 characters'],
    ['city', 'S', 'City must be at least 2 characters'],
    ['province', 'G', 'Province is required'],
    ['postalCode', '180', 'Postal code must be at least 4 characters'],
    ['email', 'x@y', 'Invalid email'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(editMemberSchema, { ...edit, [field]: value }, field)).toEqual([message]);
  });
});
