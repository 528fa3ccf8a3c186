import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAcb } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #21 through HTTP: three policies with mandates, the batch for their debit date, its two bank
 * files, the provider's result file (a collection, an unpaid 18, an unpaid 12), the same file again,
 * an unpaid after a success, and files refused whole. The statement follows each step.
 */

type Policy = { id: string; policyNumber: string };

const mandate = (reference: string, overrides: Record<string, unknown> = {}) => ({
  accountHolder: 'T Mthembu',
  bank: 'fnb',
  branchCode: '250655',
  accountNumber: '62001234567',
  accountType: 'cheque',
  debitDay: 1,
  mandateReference: reference,
  ...overrides,
});

const account = {
  userCode: 'UB07',
  abbreviatedName: 'UBUNTU FS',
  installationId: '0042',
  branchCode: '250655',
  accountNumber: '62000000017',
  accountType: 'cheque',
};

describe.each(testDrivers())('collections over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let auditor: string;
  let companyId: string;
  const policies: Policy[] = [];
  let batchId: string;

  const setDay = (day: string) => stepTo(t, day);
  const eventCount = async () =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where (data->>'companyId') = $1`, [companyId]))[0]!
      .n;
  const results = (csv: string, token = clerk) =>
    t.request('POST', '/api/collections/results', csv, { token, headers: { 'content-type': 'text/csv', 'x-file-name': 'results.csv' } });
  const statement = async (policy: Policy) =>
    (await t.request('GET', `/api/policies/${policy.id}/statement`, undefined, { token: clerk })).body as {
      periods: { period: string; state: string }[];
    };
  const february = async (policy: Policy) => (await statement(policy)).periods.find((p) => p.period === '2026-02')?.state;

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay('2026-01-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    clerk = await staffToken(t, companyId, 'billing_clerk');
    auditor = await staffToken(t, companyId, 'auditor');
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token: admin },
      )
    ).body;
    for (const lastName of ['Mthembu', 'Dlamini', 'Nkosi']) {
      const member = await t.request('POST', '/api/members', mainMemberBody(type.id, { lastName }), { token: admin });
      expect(member.status).toBe(201);
      policies.push({ id: member.body.policyId, policyNumber: member.body.policyNumber });
      // January's premium (due at the start) is paid in cash; February's is left to the debit order.
      const paid = await t.request(
        'POST',
        '/api/payments',
        { policyId: member.body.policyId, amount: '120', paymentDate: '2026-01-10', paymentMethod: 'cash' },
        { token: clerk },
      );
      expect(paid.status).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  it('takes a mandate per policy, checking the bank details, and keeps each reference on one policy', async () => {
    const [a, b, c] = policies as [Policy, Policy, Policy];
    const badBranch = await t.request('PUT', `/api/policies/${a.id}/mandate`, mandate('MND-1', { branchCode: '2506' }), { token: clerk });
    expect(badBranch.status).toBe(400);
    expect(badBranch.body.issues).toContainEqual({ path: ['branchCode'], message: 'Branch code must be 6 digits' });
    const capitec = await t.request(
      'PUT',
      `/api/policies/${a.id}/mandate`,
      mandate('MND-1', { bank: 'capitec', branchCode: '470010', accountNumber: '123456' }),
      { token: clerk },
    );
    expect(capitec.status).toBe(400);
    expect(capitec.body.issues).toContainEqual({ path: ['accountNumber'], message: 'A Capitec Bank account number has 10 digits' });

    const set = await t.request('PUT', `/api/policies/${a.id}/mandate`, mandate('mnd-1'), { token: clerk });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      policyId: a.id,
      mandateReference: 'MND-1',
      accountNumber: '62001234567',
      status: 'pending',
      suspended: null,
    });
    const taken = await t.request('PUT', `/api/policies/${b.id}/mandate`, mandate('MND-1'), { token: clerk });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Another policy of this company already has this mandate reference');
    expect(
      (await t.request('PUT', `/api/policies/${b.id}/mandate`, mandate('MND-2', { accountNumber: '62007654321' }), { token: clerk }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('PUT', `/api/policies/${c.id}/mandate`, mandate('MND-3', { accountNumber: '62001112223' }), { token: clerk }))
        .status,
    ).toBe(200);
    // An auditor reads the mandate; only those who collect set one.
    expect((await t.request('GET', `/api/policies/${a.id}/mandate`, undefined, { token: auditor })).body.mandateReference).toBe('MND-1');
    expect((await t.request('PUT', `/api/policies/${a.id}/mandate`, mandate('MND-9'), { token: auditor })).status).toBe(403);
  });

  it('makes one batch per debit date holding each premium once, and answers the same batch when asked again', async () => {
    setDay('2026-01-25');
    const empty = await t.request('POST', '/api/collections/batches', { debitDate: '2026-01-15' }, { token: clerk });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/^No debit is due on 2026-01-15/);
    const made = await t.request('POST', '/api/collections/batches', { debitDate: '2026-02-01' }, { token: clerk });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ debitDate: '2026-02-01', count: 3, total: '360.00', pending: 3, collected: 0 });
    batchId = made.body.id;
    const before = await eventCount();
    const again = await t.request('POST', '/api/collections/batches', { debitDate: '2026-02-01' }, { token: clerk });
    expect(again.body.id).toBe(batchId);
    expect(await eventCount()).toBe(before);
    const list = (await t.request('GET', '/api/collections/batches', undefined, { token: auditor })).body;
    expect(list.map((b: { batchId: string }) => b.batchId)).toEqual([batchId]);
  });

  it('writes the batch as the providers’ CSV and, once the collecting account is set, as the banks’ ACB file', async () => {
    const csv = await t.request('GET', `/api/collections/batches/${batchId}/file?format=csv`, undefined, { token: clerk });
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      'mandate_reference,account_holder,branch_code,account_number,account_type,amount_cents,action_date,user_reference',
      `MND-1,T Mthembu,250655,62001234567,cheque,12000,2026-02-01,${policies[0]!.policyNumber}`,
      `MND-2,T Mthembu,250655,62007654321,cheque,12000,2026-02-01,${policies[1]!.policyNumber}`,
      `MND-3,T Mthembu,250655,62001112223,cheque,12000,2026-02-01,${policies[2]!.policyNumber}`,
      'TRAILER,3,36000',
    ]);
    const noAccount = await t.request('GET', `/api/collections/batches/${batchId}/file?format=acb`, undefined, { token: clerk });
    expect(noAccount.status).toBe(422);
    expect((await t.request('PUT', '/api/collections/settings', { includeArrears: false, account }, { token: admin })).status).toBe(200);
    const acb = await t.request('GET', `/api/collections/batches/${batchId}/file?format=acb`, undefined, { token: clerk });
    expect(acb.status).toBe(200);
    const read = readAcb(String(acb.body));
    expect(read.lines.map((l) => [l.accountNumber, l.amountCents, l.actionDate])).toEqual([
      ['62001234567', 12000, '2026-02-01'],
      ['62007654321', 12000, '2026-02-01'],
      ['62001112223', 12000, '2026-02-01'],
    ]);
    // Bank details are for those who collect, not for a read-only auditor.
    expect((await t.request('GET', `/api/collections/batches/${batchId}/file?format=csv`, undefined, { token: auditor })).status).toBe(403);
  });

  it('applies the result file: a collection pays the premium, an unpaid leaves it due, 18 raises a work item, 12 suspends the mandate', async () => {
    setDay('2026-02-03');
    const [a, b, c] = policies as [Policy, Policy, Policy];
    const file = [
      'reference,amount,status,unpaid_code,date',
      'MND-1,12000,collected,,2026-02-01',
      'MND-2,12000,unpaid,18,2026-02-01',
      `${c.policyNumber},12000,unpaid,12,2026-02-01`,
      'TRAILER,3,36000',
    ].join('\r\n');
    const imported = await results(file);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ collected: 1, unpaid: 2, unmatched: 0, duplicates: 0 });
    expect(await february(a)).toBe('paid');
    expect(await february(b)).toBe('unpaid');
    const workItems = (await t.request('GET', '/api/collections/work-items', undefined, { token: clerk })).body;
    expect(workItems).toEqual([expect.objectContaining({ policyId: b.id, kind: 'deceased', unpaidCode: '18', raisedOn: '2026-02-01' })]);
    const suspended = (await t.request('GET', `/api/policies/${c.id}/mandate`, undefined, { token: clerk })).body;
    expect(suspended.suspended).toEqual({ unpaidCode: '12', reason: expect.any(String), on: '2026-02-01' });
    const payments = (await t.request('GET', `/api/payments?policyId=${a.id}`, undefined, { token: clerk })).body;
    expect(payments).toContainEqual(expect.objectContaining({ paymentMethod: 'debit_order', amount: '120.00', status: 'completed' }));

    const before = await eventCount();
    const again = await results(file);
    expect(again.body).toMatchObject({ collected: 0, unpaid: 0, duplicates: 3 });
    expect(await eventCount()).toBe(before);
    // A file is longer than any typed field may be: 1,000 lines (about 30,000 characters) go through REST.
    const long = [
      'reference,amount,status,unpaid_code,date',
      ...Array.from({ length: 1000 }, () => 'MND-2,12000,unpaid,18,2026-02-01'),
    ].join('\n');
    expect(long.length).toBeGreaterThan(20_000);
    const big = await results(long);
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ collected: 0, unpaid: 0, duplicates: 1000 });
  });

  it('an unpaid after a collection undoes it: the payment fails and the premium is due again', async () => {
    const [a] = policies as [Policy];
    const imported = await results(['reference,amount,status,unpaid_code,date', 'MND-1,12000,unpaid,04,2026-02-01'].join('\n'));
    expect(imported.body).toMatchObject({ collected: 0, unpaid: 1 });
    expect(await february(a)).toBe('unpaid');
    const payments = (await t.request('GET', `/api/payments?policyId=${a.id}`, undefined, { token: clerk })).body;
    expect(payments).toContainEqual(expect.objectContaining({ paymentMethod: 'debit_order', status: 'failed' }));
    const detail = (await t.request('GET', `/api/collections/batches/${batchId}`, undefined, { token: clerk })).body;
    expect(detail).toMatchObject({ collected: 0, unpaid: 3, pending: 0 });
  });

  it('refuses a file whole, naming the line, for a reference not ours or a trailer that does not add up', async () => {
    const before = await eventCount();
    const foreign = await results(
      ['reference,amount,status,unpaid_code,date', 'MND-1,12000,collected,,2026-02-01', 'XYZ-77,500,collected,,2026-02-01'].join('\n'),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^Line 3: /);
    const trailer = await results(
      ['reference,amount,status,unpaid_code,date', 'MND-1,12000,collected,,2026-02-01', 'TRAILER,1,999'].join('\n'),
    );
    expect(trailer.status).toBe(400);
    expect(trailer.body.message).toMatch(/^Line 3: /);
    const latin1 = await t.request(
      'POST',
      '/api/collections/results',
      Buffer.from('reference,amount,status,unpaid_code,date\nMND-\u00e9,100,collected,,2026-02-01\n', 'latin1'),
      {
        token: clerk,
        headers: { 'content-type': 'text/csv' },
      },
    );
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toMatch(/not UTF-8/);
    const negative = await results(['reference,amount,status,unpaid_code,date', 'MND-1,-12000,collected,,2026-02-01'].join('\n'));
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/^Line 2: /);
    const extra = await results(['reference,amount,status,unpaid_code,date', 'MND-1,12000,collected,,2026-02-01,surprise'].join('\n'));
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/^Line 2: /);
    expect(await eventCount()).toBe(before);
  });
});
