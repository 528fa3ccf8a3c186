import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { agentBody } from './agents.testing.ts';

/*
 * Issue #21, mandates taken in at the door: the bulk upload's debit-order columns and the onboarding
 * wizard's debit order, each appended with the member and policy, the reference claimed in the same
 * transaction. A bad row or a taken reference refuses only that row (CSV) or the whole onboarding.
 */
let sequence = 7100;
const nextSaId = () => makeSaId('800505', String(sequence++).padStart(4, '0'));

const row = (overrides: Record<string, string>) => ({
  firstName: 'Nomsa',
  lastName: 'Zulu',
  identifierType: 'saId',
  saId: nextSaId(),
  phone: '0821234567',
  address: '14 Market Street',
  city: 'Polokwane',
  province: 'LP',
  postalCode: '0699',
  isMainMember: 'true',
  policyTypeId: 'Gold Cover',
  ...overrides,
});
const bank = { bank: 'capitec', branchCode: '470010', accountNumber: '1234567890', accountType: 'savings' };
const mandate = (reference: string, overrides: Record<string, unknown> = {}) => ({
  accountHolder: 'A Khumalo',
  bank: 'fnb',
  branchCode: '250655',
  accountNumber: '62001234567',
  accountType: 'cheque',
  debitDay: 25,
  mandateReference: reference,
  debiCheck: true,
  ...overrides,
});

type Policy = { id: string; memberName: string };

describe.each(testDrivers())('mandates through the CSV import and onboarding on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let agent: string;
  let typeId: string;
  const get = (path: string) => t.request('GET', path, undefined, { token: admin });
  const policyOf = async (memberName: string) =>
    ((await get('/api/policies')).body as Policy[]).find((p) => p.memberName === memberName) ?? null;
  const mandateCount = async () =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'DebitMandateSet'`))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    typeId = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Gold Cover', coverageAmount: '30000', monthlyPremium: '199.50', waitingPeriod: 6 },
        { token: admin },
      )
    ).body.id;
    const username = `intake.${Date.now().toString(36)}`;
    await t.request('POST', '/api/agents', agentBody('Thabo', { username, password: 'agent-pass-1' }), { token: admin });
    agent = (await t.request('POST', '/api/login', { username, password: 'agent-pass-1' })).body.token;
    // A reference some policy of the company holds already.
    await t.request(
      'POST',
      '/api/members/import',
      { importId: 'seed', chunkIndex: 0, firstRowNumber: 2, rows: [row({ firstName: 'Holder' })] },
      { token: admin },
    );
    const holder = (await policyOf('Holder Zulu'))!;
    expect((await t.request('PUT', `/api/policies/${holder.id}/mandate`, mandate('TAKEN-1'), { token: admin })).status).toBe(200);
  });
  afterAll(async () => t?.close());

  it('imports rows with a mandate; a bad account length, a repeated and a taken reference refuse only their rows', async () => {
    const before = await mandateCount();
    const imported = await t.request(
      'POST',
      '/api/members/import',
      {
        importId: 'book-mandates',
        chunkIndex: 0,
        firstRowNumber: 2,
        rows: [
          row({ firstName: 'Debited', ...bank, mandateReference: 'csv-1', debitDay: '7' }),
          row({ firstName: 'Short', ...bank, accountNumber: '123456', mandateReference: 'CSV-2' }),
          row({ firstName: 'Twice', ...bank, mandateReference: 'CSV-1' }),
          row({ firstName: 'Taken', ...bank, mandateReference: 'taken-1' }),
          row({ firstName: 'Plain' }),
        ],
      },
      { token: admin },
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      imported: 2,
      skippedForLimit: 0,
      failed: [
        { rowNumber: 3, errors: ['A Capitec Bank account number has 10 digits'] },
        { rowNumber: 4, errors: ['Mandate reference CSV-1 appears more than once in the file (first on row 2)'] },
        { rowNumber: 5, errors: ['Mandate reference TAKEN-1: Another policy of this company already has this mandate reference'] },
      ],
    });
    expect(await mandateCount()).toBe(before + 1);

    const debited = (await policyOf('Debited Zulu'))!;
    const read = await get(`/api/policies/${debited.id}/mandate`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      policyId: debited.id,
      accountHolder: 'Debited Zulu',
      bank: 'capitec',
      branchCode: '470010',
      accountNumber: '1234567890',
      accountType: 'savings',
      mandateReference: 'CSV-1',
      debitDay: 7,
      debiCheck: false,
      status: 'pending',
    });
    // No mandate on a row without the columns; the refused rows left no member behind.
    const plain = await get(`/api/policies/${(await policyOf('Plain Zulu'))!.id}/mandate`);
    expect([plain.status, plain.body.message]).toEqual([404, 'This policy has no debit-order mandate.']);
    expect(await policyOf('Short Zulu')).toBeNull();
    // The bank details are sealed with the member's key, like the other personal fields.
    const [stored] = await t.services.sql.query<{ data: Record<string, unknown> }>(
      `select data from es_events where type = 'DebitMandateSet' and stream_id = $1`,
      [`policy-${debited.id}`],
    );
    expect(JSON.stringify(stored!.data)).not.toContain('1234567890');
  });

  it('onboards a client with a debit order, refusing a bad account and a taken reference whole; the agent may skip it', async () => {
    const client = (overrides: Record<string, unknown> = {}) => ({
      firstName: 'Ayanda',
      lastName: 'Khumalo',
      phone: '082 123 4567',
      idNumber: nextSaId(),
      address: '14 Mandela Drive',
      city: 'Pietermaritzburg',
      province: 'KwaZulu-Natal',
      postalCode: '3201',
      policyType: typeId,
      coverageAmount: '30000',
      beneficiaryName: 'Nandi Khumalo',
      beneficiaryRelation: 'Spouse',
      beneficiaryContact: '0829876543',
      ...overrides,
    });
    const onboard = (body: Record<string, unknown>) => t.request('POST', '/api/client-onboarding', body, { token: agent });
    const before = await mandateCount();

    const short = await onboard(client({ debitMandate: mandate('ONB-1', { accountNumber: '6200' }) }));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('A First National Bank account number has 11 digits');
    expect(short.body.issues).toContainEqual({ path: ['debitMandate', 'accountNumber'], message: short.body.message });

    const taken = await onboard(client({ debitMandate: mandate('Taken-1') }));
    expect(taken.status).toBe(409);
    expect(taken.body.issues).toEqual([
      { path: ['debitMandate', 'mandateReference'], message: 'Another policy of this company already has this mandate reference' },
    ]);
    expect(await mandateCount()).toBe(before);

    const done = await onboard(client({ debitMandate: mandate('onb-1') }));
    expect(done.status).toBe(201);
    const read = await get(`/api/policies/${done.body.policyId}/mandate`);
    expect(read.body).toMatchObject({
      accountHolder: 'A Khumalo',
      mandateReference: 'ONB-1',
      debitDay: 25,
      debiCheck: true,
      status: 'pending',
    });

    const skipped = await onboard(client());
    expect(skipped.status).toBe(201);
    expect(await mandateCount()).toBe(before + 1);

    // GraphQL takes the same mandate.
    const viaGraphql = await t.graphql(
      `mutation($i: OnboardClientInput!) { onboardClient(input: $i) { policyId } }`,
      { i: client({ debitMandate: mandate('ONB-2', { accountType: 'savings' }) }) },
      agent,
    );
    expect(viaGraphql.body.errors).toBeUndefined();
    const policyId = viaGraphql.body.data.onboardClient.policyId;
    expect((await get(`/api/policies/${policyId}/mandate`)).body).toMatchObject({ mandateReference: 'ONB-2', accountType: 'savings' });
  });
});
