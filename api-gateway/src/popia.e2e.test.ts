import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { southAfricanDate } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { allProjectors } from '@fpa/projections';
import { caller, companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { startTestApp, type TestApp } from './testing.ts';

/** What identifies the person erased; none of it may survive anywhere readable. */
const PERSON = {
  firstName: 'Nomvulaqx',
  lastName: 'Khumaloqx',
  email: 'nomvulaqx@example.co.za',
  address: '77 Baobabqx Lane',
  phone: '0834445566',
};

/** Every row of every read model (through the public views), as text. */
async function readModelText(t: TestApp): Promise<string> {
  const texts: string[] = [];
  for (const projector of allProjectors) {
    for (const table of projector.tables) {
      const rows = await t.services.sql.query<{ text: string }>(`select to_jsonb(x)::text as text from ${table} x`);
      texts.push(...rows.map((r) => `${table}: ${r.text}`));
    }
  }
  return texts.join('\n');
}

describe.each(testDrivers())('POPIA requests end to end on $name', (driver) => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof companyWithStaff>>;
  let call: ReturnType<typeof caller>;
  const saId = nextSaId();
  let member: { id: string; policyId: string };
  let family: { id: string };
  let claimId: string;

  beforeAll(async () => {
    t = await startTestApp(driver);
    c = await companyWithStaff(t, ['auditor']);
    call = caller(t, c.tokens.administrator!);
    const type = await call('POST', '/api/policy-types', {
      name: 'Basic Cover',
      coverageAmount: '10000',
      monthlyPremium: '120',
      waitingPeriod: 0,
    });
    const main = (person: { firstName: string; lastName: string; saId: string; email?: string; address?: string; phone?: string }) =>
      call('POST', '/api/members', {
        phone: '0821234567',
        address: '3 Church Street',
        city: 'Durban',
        province: 'KZN',
        postalCode: '4001',
        isMainMember: true,
        policyTypeId: type.id,
        ...person,
      });
    member = await main({ ...PERSON, saId });
    family = await call('POST', '/api/members', {
      firstName: 'Lwaziqx',
      lastName: 'Mbeleqx',
      saId: nextSaId(),
      isMainMember: false,
      mainMemberId: member.id,
      relationship: 'child',
    });
    // The person is also the claimant on someone else's claim.
    const other = await main({ firstName: 'Bheki', lastName: 'Ndlovu', saId: nextSaId() });
    claimId = (
      await submitClaim(t, c.tokens.administrator!, other.policyId, {
        deceasedSaId: nextSaId(),
        claimantSaId: saId,
        claimantFirstName: PERSON.firstName,
      })
    ).id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('exports everything held about the person by SA ID, and records the request', async () => {
    const answer = await t.request('GET', `/api/audit/personal-data/${saId}`, undefined, { token: c.tokens.administrator! });
    expect(answer.status).toBe(200);
    expect(answer.body.subjects.map((s: { kind: string }) => s.kind).sort()).toEqual(['claim_claimant', 'member']);
    expect(answer.body.records.members[0]).toMatchObject({ first_name: PERSON.firstName, sa_id: saId, email: PERSON.email });
    expect(answer.body.records.policies.map((p: { id: string }) => p.id)).toEqual([member.policyId]);
    expect(answer.body.records.claims.map((x: { id: string }) => x.id)).toEqual([claimId]);
    expect(answer.body.events.map((e: { title: string }) => e.title)).toEqual(['Member registered', 'Claim submitted']);
    expect(answer.body.events[0].data.firstName).toBe(PERSON.firstName);
    // Auditors read; they do not handle personal-data requests.
    expect((await t.request('GET', `/api/audit/personal-data/${saId}`, undefined, { token: c.tokens.auditor! })).status).toBe(403);
    const gql = await t.graphql(
      'query($id: String!) { dataSubjectExport(idNumber: $id) { subjectIds json } }',
      { id: saId },
      c.tokens.administrator,
    );
    expect(gql.body.data.dataSubjectExport.subjectIds).toHaveLength(2);
  });

  it('refuses erasure with the reasons while a legal hold applies, and records the refusal', async () => {
    const refused = await t.request(
      'POST',
      `/api/audit/personal-data/${saId}/erase`,
      { reason: 'The person asked to be forgotten' },
      { token: c.tokens.administrator! },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LEGAL_HOLD');
    expect(refused.body.message).toContain('The person has an open claim (CLM-');
    expect(refused.body.message).toContain('The person has an active policy (');
    expect((await t.request('POST', `/api/audit/personal-data/${saId}/erase`, {}, { token: c.tokens.administrator! })).body.message).toBe(
      'A reason for the erasure is required',
    );
  });

  it('a person with a recent payment is held for the retention period (5 years by default)', async () => {
    const type = (await call('GET', '/api/policy-types'))[0];
    const payerSaId = nextSaId();
    const payer = await call('POST', '/api/members', {
      firstName: 'Pieter',
      lastName: 'Botha',
      saId: payerSaId,
      phone: '0821234567',
      address: '1 Long Street',
      city: 'Cape Town',
      province: 'WC',
      postalCode: '8001',
      isMainMember: true,
      policyTypeId: type.id,
    });
    const today = southAfricanDate(new Date());
    await call('POST', '/api/payments', { policyId: payer.policyId, amount: '120', paymentDate: today, paymentMethod: 'eft' });
    await call('PATCH', `/api/policies/${payer.policyId}`, { status: 'cancelled' });
    const refused = await t.request(
      'POST',
      `/api/audit/personal-data/${payerSaId}/erase`,
      { reason: 'Asked' },
      { token: c.tokens.administrator! },
    );
    expect(refused.body.code).toBe('LEGAL_HOLD');
    expect(refused.body.message).toContain(
      `Inside the retention period until ${Number(today.slice(0, 4)) + 5}${today.slice(4)} after the last financial event (${today}).`,
    );
  });

  it('erases once the holds are gone: nothing personal in any read model after a full rebuild, nor in plain text in the events', async () => {
    // Before: the read models hold the person in the clear (so the checks below can fail).
    expect(await readModelText(t)).toContain(PERSON.address);
    await call('PATCH', `/api/claims/${claimId}`, { status: 'under_review' });
    await call('PATCH', `/api/claims/${claimId}`, { status: 'rejected', rejectionReason: 'not_covered', note: 'Not covered' });
    await call('PATCH', `/api/policies/${member.policyId}`, { status: 'cancelled' });
    const erased = await t.request(
      'POST',
      `/api/audit/personal-data/${saId}/erase`,
      { reason: 'The person asked to be forgotten' },
      { token: c.tokens.administrator! },
    );
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({
      erased: true,
      subjectIds: [`claim-claimant:${claimId}`, `member:${member.id}`],
      eventsAffected: 2,
    });
    expect(erased.body.projectionsRebuilt).toEqual(expect.arrayContaining(['portfolio', 'claims', 'data_subjects']));

    // Rebuild every projection from the log, then look everywhere.
    for (const projector of allProjectors) await t.services.engine.rebuild(projector.name);
    const readModels = await readModelText(t);
    const events = (await t.services.sql.query<{ text: string }>(`select e::text as text from es_events e`)).map((r) => r.text).join('\n');
    const reservations = (await t.services.sql.query<{ text: string }>(`select r::text as text from reservations r`))
      .map((r) => r.text)
      .join('\n');
    for (const secret of [...Object.values(PERSON), saId]) {
      expect(readModels, `read models still hold ${secret}`).not.toContain(secret);
      expect(events, `es_events holds ${secret} in plain text`).not.toContain(secret);
    }
    expect(reservations).not.toContain(saId);
    expect(readModels).toContain('[erased]');
    // Others are untouched: the family member (another person) and the deceased of the claim.
    expect(readModels).toContain('Lwaziqx');
    expect(readModels).toContain(family.id);
    expect(readModels).toContain('Jabulani');

    // The person can no longer be found; replays still work and show the erasure.
    expect((await t.request('GET', `/api/audit/personal-data/${saId}`, undefined, { token: c.tokens.administrator! })).status).toBe(404);
    const history = await t.request('GET', `/api/audit/member/${member.id}/events`, undefined, { token: c.tokens.auditor! });
    expect(history.body.entries[0]).toMatchObject({ title: 'Member registered', data: { firstName: '[erased]', lastName: '[erased]' } });
    expect(history.body.label).toBe('[erased] [erased]');
    const trail = await t.request('GET', '/api/audit/company/events?type=PersonalDataErased', undefined, { token: c.tokens.auditor! });
    expect(trail.body.entries).toEqual([
      expect.objectContaining({
        title: 'Personal data erased',
        note: 'The person asked to be forgotten',
        actor: expect.objectContaining({ userId: c.adminId, role: 'administrator' }),
      }),
    ]);
    const requests = await t.request('GET', '/api/audit/reports/personal-data-requests', undefined, { token: c.tokens.auditor! });
    expect(
      requests.body
        .filter((r: { subjectReference: string }) => r.subjectReference.endsWith(saId.slice(-4)))
        .map((r: { kind: string }) => r.kind),
    ).toEqual(['export', 'export', 'erasure_refused', 'erasure']);
    expect((await t.request('GET', '/api/audit/verify', undefined, { token: c.tokens.auditor! })).body.ok).toBe(true);
  });
});
