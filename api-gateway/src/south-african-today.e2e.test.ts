import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { pdf } from './uploads/test-files.ts';

/*
 * Between 00:00 and 02:00 in South Africa the UTC date is still yesterday. The product's today is the
 * South African date of the one request clock (services.now), so a claim and a payment made at 00:30
 * there are dated that day: a death "today" is not in the future, a policy started "today" covers it,
 * and a payment may be dated a year after that day.
 */
const AT_00_30_SAST = new Date('2025-03-04T22:30:00Z'); // 2025-03-05 00:30 in South Africa
const SA_TODAY = '2025-03-05';
const UTC_TODAY = '2025-03-04';

let sequence = 6100;
const nextSaId = () => makeSaId('750505', String(sequence++).padStart(4, '0'));

describe.each(testDrivers())('today at 00:30 South African time on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let policy: { id: string; policyNumber: string };
  let memberSaId: string;

  async function upload(name: string): Promise<string> {
    const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token })).body;
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(pdf()), headers: { 'x-file-name': name } }),
    );
    expect(response.status).toBe(200);
    return (await response.json()).objectPath;
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    token = (await t.request('POST', '/api/register', registration())).body.token;
    // From here on the clock reads 00:30 in South Africa (22:30 UTC the day before); it moves with real time.
    const started = Date.now();
    t.services.now = () => new Date(AT_00_30_SAST.getTime() + (Date.now() - started));
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token },
      )
    ).body;
    memberSaId = nextSaId();
    const member = await t.request(
      'POST',
      '/api/members',
      {
        firstName: 'Themba',
        lastName: 'Mthembu',
        saId: memberSaId,
        phone: '0821234567',
        address: '3 Church Street',
        city: 'Pietermaritzburg',
        province: 'KZN',
        postalCode: '3201',
        isMainMember: true,
        policyTypeId: type.id,
      },
      { token },
    );
    expect(member.status).toBe(201);
    policy = { id: member.body.policyId, policyNumber: member.body.policyNumber };
  });
  afterAll(async () => t?.close());

  it('starts the policy on the South African date', async () => {
    const listed = (await t.request('GET', '/api/policies', undefined, { token })).body as { id: string; startDate: string }[];
    expect(listed.find((p) => p.id === policy.id)?.startDate).toBe(SA_TODAY);
  });

  it('accepts a claim for a death on the South African today and dates it that day', async () => {
    const claim = await t.request(
      'POST',
      '/api/claims',
      {
        policyId: policy.id,
        deceasedFirstName: 'Themba',
        deceasedLastName: 'Mthembu',
        deceasedSaId: memberSaId,
        deceasedDateOfBirth: '1975-05-05',
        deceasedDateOfDeath: SA_TODAY,
        causeOfDeath: 'Natural causes',
        deathCertificateNumber: 'DC 0030',
        claimantFirstName: 'Zanele',
        claimantLastName: 'Mthembu',
        claimantSaId: nextSaId(),
        claimantPhone: '0821112222',
        claimantEmail: 'zanele@example.co.za',
        claimantAddress: '3 Church Street, Pietermaritzburg',
        relationshipToDeceased: 'Daughter',
        claimAmount: '15000',
        bankAccountNumber: '1234567890',
        bankName: 'Capitec',
        bankBranchCode: '470010',
        accountHolderName: 'Z Mthembu',
        deceasedIdDocument: await upload('deceased-id.pdf'),
        claimantIdDocument: await upload('claimant-id.pdf'),
        deathCertificateDocument: await upload('death-certificate.pdf'),
        bankLetterDocument: await upload('bank-letter.pdf'),
      },
      { token },
    );
    expect([claim.status, claim.body.message]).toEqual([201, undefined]);
    expect(claim.body).toMatchObject({ dateOfDeath: SA_TODAY, submittedDate: SA_TODAY });
    expect(claim.body.claimNumber).toMatch(/^CLM-2025-/);
  });

  it('accepts a payment dated the South African today, and up to a year after it (not after the UTC date)', async () => {
    const pay = (paymentDate: string) =>
      t.request('POST', '/api/payments', { policyId: policy.id, amount: '120', paymentDate, paymentMethod: 'eft' }, { token });
    const today = await pay(SA_TODAY);
    expect([today.status, today.body.paymentDate]).toEqual([201, SA_TODAY]);
    const yearAhead = await pay('2026-03-05'); // a year after the UTC date (2025-03-04) would be refused
    expect([yearAhead.status, yearAhead.body.paymentDate]).toEqual([201, '2026-03-05']);
    const tooFar = await pay('2026-03-06');
    expect([tooFar.status, tooFar.body.message]).toEqual([400, 'Payment date cannot be more than a year ahead (after 2026-03-05)']);
    expect(UTC_TODAY < SA_TODAY).toBe(true);
  });

  it("windows the report charts on the request clock's South African month", async () => {
    const charts = await t.request('GET', '/api/reports/charts?months=1', undefined, { token });
    expect(charts.status).toBe(200);
    expect(charts.body.premiumsCollected).toEqual([expect.objectContaining({ month: expect.stringMatching(/^2025-03/), count: 1 })]);
  });
});
