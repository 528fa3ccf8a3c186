import { describe, expect, it } from 'vitest';
import {
  onboardingFamilyMemberSchemaOn,
  onboardingFormSchemaOn,
  onboardingSchemaOn,
  onboardingStep1Schema,
  onboardingStep2Schema,
  onboardingStep3SchemaOn,
  stripIncome,
  toOnboardingPayload,
} from './onboarding.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID, messagesAt, messagesOf } from './test-support.ts';

const TODAY = '2026-06-15';
const onboardingFamilyMemberSchema = onboardingFamilyMemberSchemaOn(TODAY);
const onboardingFormSchema = onboardingFormSchemaOn(TODAY);
const onboardingSchema = onboardingSchemaOn(TODAY);
const onboardingStep3Schema = onboardingStep3SchemaOn(TODAY);

const step1 = { firstName: 'Ayanda', lastName: 'Khumalo', email: '', phone: '082 123 4567', idNumber: VALID_SA_ID };
const step2 = {
  streetNumber: '14',
  address: 'Mandela Drive',
  city: 'Pietermaritzburg',
  province: 'KwaZulu-Natal',
  postalCode: '3201',
  monthlyIncome: 'R 12,500.00',
  employer: '',
};
const step3 = {
  policyType: 'pt-1',
  coverageAmount: '30000',
  beneficiaryName: 'Nandi Khumalo',
  beneficiaryRelation: 'Spouse',
  beneficiaryContact: '0829876543',
  notes: '',
  familyMembers: [{ firstName: 'Sizwe', lastName: 'Khumalo', idNumber: OTHER_SA_ID, relationship: 'child' }],
};

describe('onboarding steps', () => {
  it('step 1 checks names, phone and ID number', () => {
    expect(messagesOf(onboardingStep1Schema, step1)).toEqual([]);
    expect(messagesOf(onboardingStep1Schema, { firstName: '', lastName: '', phone: '082', idNumber: '123' })).toEqual([
      'First name is required',
      'Last name is required',
      'Valid phone number is required',
      'Valid SA ID number is required',
    ]);
    expect(messagesAt(onboardingStep1Schema, { ...step1, idNumber: BAD_SA_ID }, 'idNumber')).toEqual(['Valid SA ID number is required']);
    expect(messagesAt(onboardingStep1Schema, { ...step1, email: 'a@' }, 'email')).toEqual(['Valid email is required']);
  });

  it('step 2 checks the address', () => {
    expect(messagesOf(onboardingStep2Schema, step2)).toEqual([]);
    expect(messagesOf(onboardingStep2Schema, { streetNumber: '', address: '', city: '', province: '', postalCode: '12' })).toEqual([
      'Street number is required',
      'Street name is required',
      'City is required',
      'Province is required',
      'Valid postal code is required',
    ]);
    expect(messagesAt(onboardingStep2Schema, { ...step2, province: 'Natal' }, 'province')).toEqual(['Province is required']);
  });

  it('step 3 checks policy and beneficiary', () => {
    expect(messagesOf(onboardingStep3Schema, step3)).toEqual([]);
    expect(
      messagesOf(onboardingStep3Schema, {
        policyType: '',
        coverageAmount: '',
        beneficiaryName: '',
        beneficiaryRelation: '',
        beneficiaryContact: '082',
      }),
    ).toEqual([
      'Policy type is required',
      'Coverage amount is required',
      'Beneficiary name is required',
      'Beneficiary relation is required',
      'Valid beneficiary contact is required',
    ]);
  });

  it('a family member needs names, a 13-digit SA ID and a relationship', () => {
    expect(messagesOf(onboardingFamilyMemberSchema, { firstName: '', lastName: '', idNumber: '12', relationship: '' })).toEqual([
      'First name is required',
      'Last name is required',
      'Valid SA ID number is required',
      'Relationship is required',
    ]);
  });
});

describe('prior cover at onboarding (issue #22): the member form’s fields and rule', () => {
  const family = step3.familyMembers[0]!;
  it('a family member and the client may each give it; both or neither', () => {
    expect(onboardingFamilyMemberSchema.parse({ ...family, priorCoverMonths: '8', priorCoverEndedOn: '2026-06-01' })).toMatchObject({
      priorCoverMonths: 8,
      priorCoverEndedOn: '2026-06-01',
    });
    expect(messagesAt(onboardingFamilyMemberSchema, { ...family, priorCoverMonths: '8' }, 'priorCoverEndedOn')).toEqual([
      'Give both the months of prior cover and the date it ended, or neither',
    ]);
    expect(messagesAt(onboardingStep3Schema, { ...step3, priorCoverEndedOn: '2026-06-01' }, 'priorCoverMonths')).toEqual([
      'Give both the months of prior cover and the date it ended, or neither',
    ]);
    expect(
      messagesAt(
        onboardingSchema,
        {
          ...step1,
          ...step3,
          address: '14 Mandela Drive',
          city: 'PMB',
          province: 'KZN',
          postalCode: '3201',
          priorCoverMonths: 3,
          priorCoverEndedOn: '2026-06-16',
        },
        'priorCoverEndedOn',
      ),
    ).toEqual(['Prior cover end date cannot be in the future']);
  });
});

describe('the whole wizard and its payload', () => {
  it('combines the address, strips the income and attaches the agent', () => {
    expect(stripIncome('R 12,500.00')).toBe('12500.00');
    const form = onboardingFormSchema.parse({ ...step1, ...step2, ...step3 });
    const payload = toOnboardingPayload(form, 'agent-user-1');
    expect(payload).toMatchObject({ address: '14 Mandela Drive', monthlyIncome: '12500.00', agentId: 'agent-user-1', phone: '0821234567' });
    expect(payload).not.toHaveProperty('streetNumber');
    const parsed = onboardingSchema.parse(payload);
    expect(parsed.familyMembers).toHaveLength(1);
    expect(parsed.email).toBeUndefined();
  });

  it('refuses an income that is not an amount', () => {
    expect(messagesAt(onboardingFormSchema, { ...step1, ...step2, ...step3, monthlyIncome: 'lots' }, 'monthlyIncome')).toEqual([
      'Monthly income must be an amount like 12500 or 12500.50',
    ]);
  });
});
