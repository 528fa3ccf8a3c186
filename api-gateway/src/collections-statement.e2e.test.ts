import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #21's bank statement through HTTP: credits matched by policy number and by mandate reference
 * become payments, a surname-and-premium credit waits with a suggestion (never applied by itself), the
 * clerk assigns one and dismisses another, the same and an overlapping statement add nothing twice, and
 * a file the server cannot read is refused whole.
 */

type Policy = { id: string; policyNumber: string };

describe.each(testDrivers())('bank statements over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let auditor: string;
  let companyId: string;
  const policies: Policy[] = [];
  let statement: string;

  const eventCount = async () =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where (data->>'companyId') = $1`, [companyId]))[0]!
      .n;
  const upload = (text: string | Uint8Array, token = clerk) =>
    t.request('POST', '/api/collections/statements', text, { token, headers: { 'content-type': 'text/csv' } });
  const february = async (policy: Policy) =>
    (
      (await t.request('GET', `/api/policies/${policy.id}/statement`, undefined, { token: clerk })).body as {
        periods: { period: string; state: string }[];
      }
    ).periods.find((p) => p.period === '2026-02')?.state;
  const unmatched = async () =>
    (await t.request('GET', '/api/collections/unmatched', undefined, { token: auditor })).body as {
      statementId: string;
      line: number;
      amount: string;
      suggestions: { policyId: string }[];
    }[];

  beforeAll(async () => {
    t = await startTestApp(driver);
    stepTo(t, '2026-01-10');
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
      policies.push({ id: member.body.policyId, policyNumber: member.body.policyNumber });
      await t.request(
        'POST',
        '/api/payments',
        { policyId: member.body.policyId, amount: '120', paymentDate: '2026-01-10', paymentMethod: 'cash' },
        { token: clerk },
      );
    }
    const mandate = {
      accountHolder: 'S Dlamini',
      bank: 'fnb',
      branchCode: '250655',
      accountNumber: '62007654321',
      accountType: 'cheque',
      debitDay: 1,
      mandateReference: 'MND-7',
    };
    expect((await t.request('PUT', `/api/policies/${policies[1]!.id}/mandate`, mandate, { token: clerk })).status).toBe(200);
    stepTo(t, '2026-02-06');
  });
  afterAll(async () => t?.close());

  it('matches credits by policy number and by mandate reference, and queues the rest with suggestions', async () => {
    const [a, b, c] = policies as [Policy, Policy, Policy];
    const file = [
      'ACC-NO,62812345678,Gold Business Account',
      '',
      'Date,Amount,Balance,Description,Reference',
      `2026/02/02,120.00,10120.00,PMT MTHEMBU,${a.policyNumber.replaceAll('-', ' ')}`,
      '2026/02/03,120.00,10240.00,DEBIT ORDER SWEEP,mnd-7',
      '2026/02/04,120.00,10360.00,DEPOSIT NKOSI,cash',
      '2026/02/05,500.00,10860.00,UNKNOWN DEPOSIT,xyz',
      '2026/02/05,-35.50,10824.50,#MONTHLY ACCOUNT FEE,',
    ].join('\r\n');
    const imported = await upload(file);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ credits: 4, matched: 2, unmatched: 2, suggested: 1, duplicates: 0, debitsIgnored: 1 });
    statement = imported.body.statementId;
    const listed = (await t.request('GET', '/api/collections/statements', undefined, { token: auditor })).body;
    expect(listed).toEqual([
      expect.objectContaining({
        statementId: statement,
        format: 'csv',
        credits: 4,
        matched: 2,
        unmatched: 2,
        duplicates: 0,
        debitsIgnored: 1,
      }),
    ]);
    expect(await february(a)).toBe('paid');
    expect(await february(b)).toBe('paid');
    expect(await february(c)).toBe('unpaid');
    const queue = await unmatched();
    expect(queue.map((l) => [l.line, l.amount, l.suggestions.map((s) => s.policyId)])).toEqual([
      [6, '120.00', [c.id]],
      [7, '500.00', []],
    ]);
    // The mapping proposed from the header and the rows' dates is kept for the next statement.
    const kept = (await t.request('GET', '/api/collections/statement-columns', undefined, { token: clerk })).body;
    expect(kept.columns).toMatchObject({
      date: 'Date',
      amount: 'Amount',
      description: 'Description',
      reference: 'Reference',
      dateFormat: 'YYYY/MM/DD',
    });
  });

  it('lets the clerk assign a credit (amounts adding up) and dismiss one, once each', async () => {
    const [, , c] = policies as [Policy, Policy, Policy];
    const path = (action: string) => `/api/collections/statements/${statement}/${action}`;
    const short = await t.request('POST', path('assign'), { line: 6, allocations: [{ policyId: c.id, amount: '100' }] }, { token: clerk });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("The amounts must add up to the line's R 120.00");
    expect(
      (await t.request('POST', path('assign'), { line: 6, allocations: [{ policyId: c.id, amount: '120' }] }, { token: auditor })).status,
    ).toBe(403);
    const assigned = await t.request(
      'POST',
      path('assign'),
      { line: 6, allocations: [{ policyId: c.id, amount: '120' }] },
      { token: clerk },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ state: 'assigned', resolution: { allocations: [{ policyId: c.id, amount: '120.00' }] } });
    expect(await february(c)).toBe('paid');
    const twice = await t.request('POST', path('assign'), { line: 6, allocations: [{ policyId: c.id, amount: '120' }] }, { token: clerk });
    expect(twice.status).toBe(409);
    const noReason = await t.request('POST', path('dismiss'), { line: 7, reason: ' ' }, { token: clerk });
    expect(noReason.status).toBe(400);
    const dismissed = await t.request('POST', path('dismiss'), { line: 7, reason: 'Supplier refund' }, { token: clerk });
    expect(dismissed.body).toMatchObject({ state: 'dismissed', resolution: { reason: 'Supplier refund' } });
    expect(await unmatched()).toEqual([]);
  });

  it('takes nothing twice: the same statement again, and an overlapping one, add only the new credits', async () => {
    const [a] = policies as [Policy];
    const before = await eventCount();
    const header = ['Date,Amount,Balance,Description,Reference'];
    const line4 = `2026/02/02,120.00,10120.00,PMT MTHEMBU,${a.policyNumber.replaceAll('-', ' ')}`;
    const overlapping = await upload([...header, line4, '2026/02/06,80.00,10904.50,CASH DEPOSIT,walk-in'].join('\n'));
    expect(overlapping.body).toMatchObject({ credits: 2, matched: 0, unmatched: 1, duplicates: 1 });
    const again = await upload([...header, line4, '2026/02/06,80.00,10904.50,CASH DEPOSIT,walk-in'].join('\n'));
    expect(again.body).toMatchObject({ duplicates: 2, matched: 0, unmatched: 0 });
    expect(await eventCount()).toBe(before + 1);
  });

  it('refuses a file it cannot read, whole, and reads a new layout once its columns are chosen', async () => {
    const before = await eventCount();
    // A spreadsheet that saved the file as Windows-1252: é is one byte, not UTF-8.
    const latin1 = await upload(Buffer.from('Date,Description,Reference,Amount\n05/02/2026,Caf\u00e9 Nkosi,x,10.00\n', 'latin1'));
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toMatch(/not UTF-8/);
    // A bank whose header names no date column the proposal knows: the clerk must choose.
    const odd = ['When,What,Ref,Value', '05/02/2026,PMT,x,10.00'].join('\n');
    const refused = await upload(odd);
    expect(refused.status).toBe(400);
    expect(await eventCount()).toBe(before);
    const columns = { date: 'When', description: 'What', reference: 'Ref', amount: 'Value', dateFormat: 'DD/MM/YYYY' };
    expect((await t.request('PUT', '/api/collections/statement-columns', columns, { token: clerk })).status).toBe(200);
    const read = await upload(odd);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ credits: 1, unmatched: 1 });
  });

  it('offers the same through GraphQL: the statement as text, the queue, the decision', async () => {
    const imported = await t.graphql(
      `mutation Import($input: ImportBankStatementInput!) { importBankStatement(input: $input) { statementId credits matched unmatched } }`,
      { input: { content: ['When,What,Ref,Value', '07/02/2026,GQL DEPOSIT,gql,33.00'].join('\n'), fileName: 'gql.csv' } },
      clerk,
    );
    expect(imported.body.errors).toBeUndefined();
    expect(imported.body.data.importBankStatement).toMatchObject({ credits: 1, matched: 0, unmatched: 1 });
    const queue = await t.graphql(`{ collectionUnmatched { statementId line amount suggestions { policyId } } }`, {}, auditor);
    const line = queue.body.data.collectionUnmatched.find((l: { amount: string }) => l.amount === '33.00');
    const dismissed = await t.graphql(
      `mutation Dismiss($id: ID!, $input: DismissStatementLineInput!) { dismissStatementLine(id: $id, input: $input) { state dismissedBecause } }`,
      { id: line.statementId, input: { line: line.line, reason: 'Owner top-up' } },
      clerk,
    );
    expect(dismissed.body.data.dismissStatementLine).toEqual({ state: 'dismissed', dismissedBecause: 'Owner top-up' });
  });
});
