import { expect } from 'vitest';
import { southAfricanDate } from '@fpa/write-model';
import { makeSaId, type TestApp } from '../testing.ts';
import { pdf } from '../uploads/test-files.ts';

/** Test-only: the data the assistant's tests ask about, made through the API as users would. */
let sequence = 7000;
export const nextSaId = () => makeSaId('800202', String(sequence++).padStart(4, '0'));

/** Principals with policies (each a member) in the given statuses, and family members under the first. */
export async function seedPortfolio(t: TestApp, token: string, premium: string, statuses: string[], family = 0) {
  const type = (
    await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Funeral 30k', coverageAmount: '30000', monthlyPremium: premium, waitingPeriod: 0 },
      { token },
    )
  ).body;
  const mains = [];
  for (const status of statuses) {
    const saId = nextSaId();
    const m = (
      await t.request(
        'POST',
        '/api/members',
        {
          firstName: 'Lerato',
          lastName: 'Dlamini',
          saId,
          phone: '0821234567',
          address: '5 Main Road',
          city: 'Durban',
          province: 'KZN',
          postalCode: '4001',
          isMainMember: true,
          policyTypeId: type.id,
        },
        { token },
      )
    ).body;
    mains.push({ ...m, saId });
    if (status !== 'active')
      expect((await t.request('PATCH', `/api/policies/${m.policyId}`, { status, note: 'Seeded' }, { token })).status).toBe(200);
  }
  for (let i = 0; i < family; i++) {
    const f = await t.request(
      'POST',
      '/api/members',
      { firstName: 'Kagiso', lastName: 'Dlamini', saId: nextSaId(), isMainMember: false, mainMemberId: mains[0].id, relationship: 'child' },
      { token },
    );
    expect(f.status).toBe(201);
  }
  return mains;
}

async function upload(t: TestApp, token: string): Promise<string> {
  const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token })).body;
  const response = await t.app.handle(
    new Request(uploadURL, { method: 'PUT', body: new Uint8Array(pdf()), headers: { 'x-file-name': 'doc.pdf' } }),
  );
  return (await response.json()).objectPath;
}

/** A submitted death claim with its four documents. */
export async function seedClaim(t: TestApp, token: string, policyId: string, deceasedSaId: string) {
  const answer = await t.request(
    'POST',
    '/api/claims',
    {
      policyId,
      deceasedFirstName: 'Lerato',
      deceasedLastName: 'Dlamini',
      deceasedSaId,
      deceasedDateOfBirth: '1980-02-02',
      deceasedDateOfDeath: southAfricanDate(new Date()),
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DC 1',
      claimantFirstName: 'Sizwe',
      claimantLastName: 'Dlamini',
      claimantSaId: nextSaId(),
      claimantPhone: '0821112222',
      claimantEmail: 'sizwe@example.co.za',
      claimantAddress: '5 Main Road, Durban',
      relationshipToDeceased: 'Son',
      claimAmount: '30000',
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'S Dlamini',
      deceasedIdDocument: await upload(t, token),
      claimantIdDocument: await upload(t, token),
      deathCertificateDocument: await upload(t, token),
      bankLetterDocument: await upload(t, token),
    },
    { token },
  );
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** A client onboarded by the signed-in agent (no family), on the company's first policy type. */
export async function seedSale(t: TestApp, agentToken: string) {
  const policyType = (await t.request('GET', '/api/policy-types', undefined, { token: agentToken })).body[0].id;
  const sold = await t.request(
    'POST',
    '/api/client-onboarding',
    {
      firstName: 'Ayanda',
      lastName: 'Khumalo',
      phone: '082 123 4567',
      idNumber: nextSaId(),
      address: '14 Mandela Drive',
      city: 'Pietermaritzburg',
      province: 'KwaZulu-Natal',
      postalCode: '3201',
      policyType,
      coverageAmount: '30000',
      beneficiaryName: 'Nandi Khumalo',
      beneficiaryRelation: 'Spouse',
      beneficiaryContact: '0829876543',
      familyMembers: [],
    },
    { token: agentToken },
  );
  expect(sold.status).toBe(201);
}
