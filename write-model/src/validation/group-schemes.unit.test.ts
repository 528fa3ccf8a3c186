import { describe, expect, it } from 'vitest';
import { GROUP_SCHEME_MESSAGES, groupSchemeMembersSchema, groupSchemeSchema, groupSchemeUpdateSchema } from './group-schemes.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';

const blankMain = {
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
  familyMembers: [],
};
const main = {
  ...blankMain,
  firstName: 'Zanele',
  lastName: 'Mokoena',
  saId: VALID_SA_ID,
  phone: '071 234 5678',
  address: '5 Church Street',
  coverAmount: '20000',
  familyMembers: [
    { firstName: 'Kabelo', lastName: 'Mokoena', saId: OTHER_SA_ID, relationship: 'child', coverAmount: '10000' },
    { firstName: '', lastName: '', saId: '', relationship: '', coverAmount: '' },
  ],
};
const MAIN_MESSAGE = 'Please add at least one main member with complete information';

describe('groupSchemeSchema', () => {
  it('drops incomplete rows silently and keeps complete ones', () => {
    const parsed = groupSchemeSchema.parse({
      name: 'Mine Workers',
      description: '',
      mainMembers: [blankMain, main, { ...blankMain, firstName: 'Half' }],
    });
    expect(parsed.mainMembers).toHaveLength(1);
    expect(parsed.mainMembers[0]).toMatchObject({ firstName: 'Zanele', phone: '0712345678', email: null, coverAmount: '20000' });
    expect(parsed.mainMembers[0]?.familyMembers).toEqual([
      { firstName: 'Kabelo', lastName: 'Mokoena', saId: OTHER_SA_ID, relationship: 'child', coverAmount: '10000' },
    ]);
  });

  it('needs a name and at least one complete main member', () => {
    expect(messagesOf(groupSchemeSchema, { name: '', mainMembers: [blankMain] })).toEqual(['Please enter a scheme name', MAIN_MESSAGE]);
    expect(messagesAt(groupSchemeSchema, { name: 'X', mainMembers: [] }, 'mainMembers')).toEqual([MAIN_MESSAGE]);
    expect(messagesAt(groupSchemeSchema, { name: 'X' }, 'mainMembers')).toEqual([MAIN_MESSAGE]);
  });

  it('checks complete rows where the user sees them', () => {
    const bad = { ...main, saId: BAD_SA_ID, phone: '0021234567', email: 'z@', coverAmount: '1,000' };
    const input = { name: 'X', mainMembers: [blankMain, bad] };
    expect(messagesAt(groupSchemeSchema, input, 'mainMembers.1.saId')).toEqual(['Invalid SA ID number']);
    expect(messagesAt(groupSchemeSchema, input, 'mainMembers.1.phone')).toEqual(['Invalid South African phone number']);
    expect(messagesAt(groupSchemeSchema, input, 'mainMembers.1.email')).toEqual(['Invalid email address']);
    expect(messagesAt(groupSchemeSchema, input, 'mainMembers.1.coverAmount')).toHaveLength(1);
    const huge = { name: 'X', mainMembers: [{ ...main, coverAmount: '999999999999999' }] };
    expect(messagesAt(groupSchemeSchema, huge, 'mainMembers.0.coverAmount')).toEqual([GROUP_SCHEME_MESSAGES.coverAmountMax]);
    const family = { ...main, familyMembers: [{ firstName: 'Kabelo', lastName: '', saId: '', relationship: 'cousin', coverAmount: '' }] };
    const withFamily = { name: 'X', mainMembers: [family] };
    expect(messagesAt(groupSchemeSchema, withFamily, 'mainMembers.0.familyMembers.0.relationship')).toEqual(['Relationship is required']);
    expect(messagesAt(groupSchemeSchema, withFamily, 'mainMembers.0.familyMembers.0.lastName')).toEqual([
      'First and last name are required',
    ]);
  });
});

describe('adding members and editing a scheme', () => {
  it('adding needs no name', () => {
    expect(messagesOf(groupSchemeMembersSchema, { mainMembers: [main] })).toEqual([]);
    expect(messagesOf(groupSchemeMembersSchema, { mainMembers: [blankMain] })).toEqual([MAIN_MESSAGE]);
  });
  it('editing needs a name and a known status', () => {
    expect(groupSchemeUpdateSchema.parse({ name: ' Mine ', description: 'd', status: 'inactive' })).toEqual({
      name: 'Mine',
      description: 'd',
      status: 'inactive',
    });
    expect(messagesOf(groupSchemeUpdateSchema, { name: '', status: 'closed' })).toEqual([
      'Please enter a scheme name',
      'Status must be active or inactive',
    ]);
  });
});
