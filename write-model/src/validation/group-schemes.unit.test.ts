import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from './members.ts';
import { GROUP_SCHEME_MESSAGES, groupSchemeMembersSchemaOn, groupSchemeSchemaOn, groupSchemeUpdateSchema } from './group-schemes.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';

const TODAY = '2026-03-01';

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

describe('groupSchemeSchemaOn', () => {
  it('drops incomplete rows silently and keeps complete ones', () => {
    const parsed = groupSchemeSchemaOn(TODAY).parse({
      name: 'Mine Workers',
      description: '',
      mainMembers: [blankMain, main, { ...blankMain, firstName: 'Half' }],
    });
    expect(parsed.mainMembers).toHaveLength(1);
    expect(parsed.mainMembers[0]).toMatchObject({ firstName: 'Zanele', phone: '0712345678', email: null, coverAmount: '20000' });
    expect(parsed.mainMembers[0]?.familyMembers).toEqual([
      { firstName: 'Kabelo', lastName: 'Mokoena', saId: OTHER_SA_ID, relationship: 'child', coverAmount: '10000', priorCover: null },
    ]);
  });

  it('needs a name and at least one complete main member', () => {
    expect(messagesOf(groupSchemeSchemaOn(TODAY), { name: '', mainMembers: [blankMain] })).toEqual([
      'Please enter a scheme name',
      MAIN_MESSAGE,
    ]);
    expect(messagesAt(groupSchemeSchemaOn(TODAY), { name: 'X', mainMembers: [] }, 'mainMembers')).toEqual([MAIN_MESSAGE]);
    expect(messagesAt(groupSchemeSchemaOn(TODAY), { name: 'X' }, 'mainMembers')).toEqual([MAIN_MESSAGE]);
  });

  it('checks complete rows where the user sees them', () => {
    const bad = { ...main, saId: BAD_SA_ID, phone: '0021234567', email: 'z@', coverAmount: '1,000' };
    const input = { name: 'X', mainMembers: [blankMain, bad] };
    expect(messagesAt(groupSchemeSchemaOn(TODAY), input, 'mainMembers.1.saId')).toEqual(['Invalid SA ID number']);
    expect(messagesAt(groupSchemeSchemaOn(TODAY), input, 'mainMembers.1.phone')).toEqual(['Invalid South African phone number']);
    expect(messagesAt(groupSchemeSchemaOn(TODAY), input, 'mainMembers.1.email')).toEqual(['Invalid email address']);
    expect(messagesAt(groupSchemeSchemaOn(TODAY), input, 'mainMembers.1.coverAmount')).toHaveLength(1);
    const huge = { name: 'X', mainMembers: [{ ...main, coverAmount: '999999999999999' }] };
    expect(messagesAt(groupSchemeSchemaOn(TODAY), huge, 'mainMembers.0.coverAmount')).toEqual([GROUP_SCHEME_MESSAGES.coverAmountMax]);
    const family = { ...main, familyMembers: [{ firstName: 'Kabelo', lastName: '', saId: '', relationship: 'cousin', coverAmount: '' }] };
    const withFamily = { name: 'X', mainMembers: [family] };
    expect(messagesAt(groupSchemeSchemaOn(TODAY), withFamily, 'mainMembers.0.familyMembers.0.relationship')).toEqual([
      'Relationship is required',
    ]);
    expect(messagesAt(groupSchemeSchemaOn(TODAY), withFamily, 'mainMembers.0.familyMembers.0.lastName')).toEqual([
      'First and last name are required',
    ]);
  });
});

describe('adding members and editing a scheme', () => {
  it('adding needs no name', () => {
    expect(messagesOf(groupSchemeMembersSchemaOn(TODAY), { mainMembers: [main] })).toEqual([]);
    expect(messagesOf(groupSchemeMembersSchemaOn(TODAY), { mainMembers: [blankMain] })).toEqual([MAIN_MESSAGE]);
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

describe('prior cover of a scheme member (issue #22, rule 2A.6)', () => {
  const withPrior = {
    ...main,
    priorCoverMonths: '24',
    priorCoverEndedOn: '2026-02-20',
    familyMembers: [{ ...main.familyMembers[0]!, priorCoverMonths: 8, priorCoverEndedOn: '2026-02-01' }],
  };

  it('keeps the months and the end date of a main member and of a family member, and none for those without', () => {
    const [parsed] = groupSchemeMembersSchemaOn(TODAY).parse({ mainMembers: [withPrior] }).mainMembers;
    expect(parsed).toMatchObject({ priorCover: { months: 24, endedOn: '2026-02-20' } });
    expect(parsed!.familyMembers[0]).toMatchObject({ priorCover: { months: 8, endedOn: '2026-02-01' } });
    expect(parsed).not.toHaveProperty('priorCoverMonths');
    const [plain] = groupSchemeMembersSchemaOn(TODAY).parse({ mainMembers: [main] }).mainMembers;
    expect(plain!.priorCover).toBeNull();
    expect(plain!.familyMembers).toHaveLength(1);
    expect(plain!.familyMembers[0]!.priorCover).toBeNull();
  });

  it("refuses one without the other, a month count out of range and an end in the future, each at its person's row", () => {
    const input = {
      mainMembers: [
        { ...withPrior, priorCoverEndedOn: '' },
        {
          ...main,
          saId: OTHER_SA_ID,
          priorCoverMonths: '0',
          priorCoverEndedOn: '2026-03-02',
          familyMembers: [{ ...main.familyMembers[0]!, priorCoverEndedOn: '2026-01-01' }],
        },
      ],
    };
    const schema = groupSchemeMembersSchemaOn(TODAY);
    expect(messagesAt(schema, input, 'mainMembers.0.priorCoverEndedOn')).toEqual([MEMBER_MESSAGES.priorCoverBoth]);
    expect(messagesAt(schema, input, 'mainMembers.1.priorCoverMonths')).toEqual([MEMBER_MESSAGES.priorCoverMonths]);
    expect(messagesAt(schema, input, 'mainMembers.1.priorCoverEndedOn')).toEqual(['Prior cover end date cannot be in the future']);
    expect(messagesAt(schema, input, 'mainMembers.1.familyMembers.0.priorCoverMonths')).toEqual([MEMBER_MESSAGES.priorCoverBoth]);
  });
});
