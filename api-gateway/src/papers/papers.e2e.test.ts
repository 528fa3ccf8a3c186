import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { testDrivers } from '@fpa/write-model/testing';
import { addMonths, southAfricanDate } from '@fpa/write-model/validation';
import { caller, companyWithStaff, nextSaId, submitClaim } from '../audit.testing.ts';
import { mainMemberBody } from '../calendar.testing.ts';
import { makeSaId, registration, startTestApp, type TestApp } from '../testing.ts';

/*
 * Issue #23's policy schedule through HTTP: GET /api/policies/{id}/schedule.pdf answers a PDF whose text
 * (extracted with a PDF library, as a reader's software would) names the company, the policy, each life
 * with its cover and waiting period's end, the beneficiaries, the premium's debit order, the cooling-off
 * right and how to claim; another company's policy is a 404, a role without policies:read a 403.
 */

async function pdfText(body: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const familyType = { name: 'Family 20k', coverageAmount: '20000', monthlyPremium: '150', waitingPeriod: 6 };

describe.each(testDrivers())('the policy schedule and the premium receipt on $name', (driver) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let policyId: string;
  let policyNumber: string;
  let companyName: string;
  let typeId: string;
  const saId = makeSaId('700303', '5321');

  const get = (path: string, token: string) =>
    t.app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));
  const schedule = (token: string, id = policyId) => get(`/api/policies/${id}/schedule.pdf`, token);

  beforeAll(async () => {
    t = await startTestApp(driver);
    const company = await companyWithStaff(t, ['claim_admin', 'agent']);
    tokens = company.tokens;
    const admin = caller(t, tokens.administrator!);
    companyName = (await admin('GET', '/api/company')).name;
    const type = await admin('POST', '/api/policy-types', { ...familyType, suicideWaitingMonths: 18 });
    typeId = type.id;
    const member = await admin(
      'POST',
      '/api/members',
      mainMemberBody(type.id, { firstName: 'Themba', lastName: 'Mthembu', saId, debitDay: 25 }),
    );
    policyId = member.policyId;
    policyNumber = member.policyNumber;
    await admin('POST', '/api/members', {
      firstName: 'Nomsa',
      lastName: 'Mthembu',
      saId: makeSaId('750808', '5300'),
      isMainMember: false,
      mainMemberId: member.id,
      relationship: 'spouse',
    });
    await admin('PUT', `/api/policies/${policyId}/beneficiaries`, {
      beneficiaries: [
        { firstName: 'Nomsa', lastName: 'Mthembu', relationship: 'spouse', share: '70' },
        { firstName: 'Lwazi', lastName: 'Mthembu', relationship: 'child', share: '30' },
      ],
    });
  });
  afterAll(async () => t?.close());

  it('is a PDF naming the company, the policy, each life with its cover and waiting period, the beneficiaries, cooling-off and claims', async () => {
    const answer = await schedule(tokens.claim_admin!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="schedule-${policyNumber}.pdf"`);
    const text = await pdfText(await answer.arrayBuffer());
    const today = southAfricanDate(new Date());
    const waitingEnds = new Date(`${addMonths(today, 6)}T00:00:00Z`).toLocaleDateString('en-ZA', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (const words of [
      'Policy schedule',
      companyName,
      policyNumber,
      'Family 20k',
      'Themba Mthembu',
      saId,
      'Nomsa Mthembu',
      'Spouse',
      'R 20 000,00',
      'R 150,00',
      'on day 25 of every month',
      '18 months for a suicide',
      waitingEnds,
      'Lwazi Mthembu',
      '70%',
      '30%',
      'By EFT, cash or card',
      'within 30 days',
      'How to claim',
    ])
      expect(text, words).toContain(words);
  });

  it("prints the policy's own suicide wait, copied at issue: a later change to the type's does not change it (issue #22)", async () => {
    const admin = caller(t, tokens.administrator!);
    expect((await admin('PUT', `/api/policy-types/${typeId}`, { ...familyType, suicideWaitingMonths: 3 })).suicideWaitingMonths).toBe(3);
    const text = await pdfText(await (await schedule(tokens.claim_admin!)).arrayBuffer());
    expect(text).toContain('18 months for a suicide');
    expect(text).not.toContain('3 months for a suicide');
  });

  it('receipts a completed payment: who paid, the amount, the date and method, where the policy stands; not a failed one', async () => {
    const admin = caller(t, tokens.administrator!);
    const today = southAfricanDate(new Date());
    const paid = await admin('POST', '/api/payments', {
      policyId,
      amount: '150',
      paymentDate: today,
      paymentMethod: 'eft',
      reference: 'NOV-EFT',
    });
    const answer = await get(`/api/payments/${paid.id}/receipt.pdf`, tokens.administrator!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${policyNumber}-${today}.pdf"`);
    const text = await pdfText(await answer.arrayBuffer());
    for (const words of [
      'Premium receipt',
      companyName,
      'Themba Mthembu',
      policyNumber,
      'R 150,00',
      'EFT',
      'NOV-EFT',
      'Paid up to',
      'Balance due',
    ])
      expect(text, words).toContain(words);

    const pending = await admin('POST', '/api/payments', { policyId, amount: '150', paymentDate: today, paymentMethod: 'cash' });
    await admin('PATCH', `/api/payments/${pending.id}`, { status: 'failed' });
    const refused = await get(`/api/payments/${pending.id}/receipt.pdf`, tokens.administrator!);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(((await refused.json()) as { message: string }).message).toBe('Only a completed payment has a receipt.');
    const other = (await t.request('POST', '/api/register', registration())).body.token as string;
    expect((await get(`/api/payments/${paid.id}/receipt.pdf`, other)).status).toBe(404);
    expect((await get(`/api/payments/${paid.id}/receipt.pdf`, tokens.claim_admin!)).status).toBe(403);
  });

  it('prints the premium statement for the whole policy or a period of months; refuses a bad month', async () => {
    const whole = await get(`/api/policies/${policyId}/statement.pdf`, tokens.claim_admin!);
    expect(whole.status).toBe(200);
    const text = await pdfText(await whole.arrayBuffer());
    const thisMonth = southAfricanDate(new Date()).slice(0, 7);
    for (const words of ['Premium statement', policyNumber, 'since the policy began', 'Month by month', thisMonth, 'R 150,00'])
      expect(text, words).toContain(words);
    const none = await pdfText(
      await (await get(`/api/policies/${policyId}/statement.pdf?from=2020-01&to=2020-12`, tokens.claim_admin!)).arrayBuffer(),
    );
    expect(none).toContain('No premium fell due in this period.');
    expect(none).toContain('2020-01 to 2020-12');
    const bad = await get(`/api/policies/${policyId}/statement.pdf?from=2020-13`, tokens.claim_admin!);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('from must be a month as YYYY-MM');
    const backwards = await get(`/api/policies/${policyId}/statement.pdf?from=2021-01&to=2020-12`, tokens.claim_admin!);
    expect(backwards.status).toBe(400);
  });

  it('writes the claim decision letter once decided: approved with the amount, declined with the reason and the ombud', async () => {
    const clerk = caller(t, tokens.claim_admin!);
    const letter = (id: string) => get(`/api/claims/${id}/decision-letter.pdf`, tokens.claim_admin!);
    const declined = await submitClaim(t, tokens.claim_admin!, policyId, { deceasedSaId: nextSaId(), claimantSaId: nextSaId() });
    const early = await letter(declined.id);
    expect(early.status).toBeGreaterThanOrEqual(400);
    expect(((await early.json()) as { message: string }).message).toBe('Only an approved, paid or rejected claim has a decision letter.');
    await clerk('PATCH', `/api/claims/${declined.id}`, { status: 'under_review' });
    await clerk('PATCH', `/api/claims/${declined.id}`, { status: 'rejected', rejectionReason: 'waiting_period' });
    const no = await pdfText(await (await letter(declined.id)).arrayBuffer());
    for (const words of ['Claim decision: declined', declined.claimNumber, 'Zanele', 'Death within the waiting period', 'www.nfosa.co.za'])
      expect(no, words).toContain(words);

    const approved = await submitClaim(t, tokens.claim_admin!, policyId, { deceasedSaId: nextSaId(), claimantSaId: nextSaId() });
    await clerk('PATCH', `/api/claims/${approved.id}`, { status: 'under_review' });
    await clerk('PATCH', `/api/claims/${approved.id}`, {
      status: 'approved',
      approvedAmount: '4000',
      overrideReason: 'Accidental death: no waiting period applies',
    });
    const yes = await pdfText(await (await letter(approved.id)).arrayBuffer());
    for (const words of ['Claim decision: approved', approved.claimNumber, 'approved this claim for R 4 000,00', 'Z Zulu'])
      expect(yes, words).toContain(words);
    expect((await get(`/api/claims/${approved.id}/decision-letter.pdf`, tokens.agent!)).status).toBe(403);
  });

  it("is a 404 for another company's policy or not an id, a 403 without policies:read", async () => {
    const other = (await t.request('POST', '/api/register', registration())).body.token as string;
    for (const id of [policyId, 'not-an-id']) {
      const answer = await schedule(other, id);
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { message: string }).message).toBe('Policy not found');
    }
    expect((await schedule(tokens.agent!)).status).toBe(403);
  });
});
