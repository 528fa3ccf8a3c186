import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model/validation';
import { caller, companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { startTestApp, type TestApp } from './testing.ts';

const SUPER = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };

describe.each(testDrivers())('audit trails over HTTP on $name', (driver) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof companyWithStaff>>;
  let b: Awaited<ReturnType<typeof companyWithStaff>>;
  let claimId: string;
  let policyId: string;
  let superToken: string;

  beforeAll(async () => {
    t = await startTestApp(driver, {}, SUPER);
    a = await companyWithStaff(t, ['auditor', 'claim_admin']);
    b = await companyWithStaff(t, ['auditor']);
    const call = caller(t, a.tokens.administrator!);
    const type = await call('POST', '/api/policy-types', {
      name: 'Basic Cover',
      coverageAmount: '10000',
      monthlyPremium: '120',
      waitingPeriod: 0,
    });
    const member = await call('POST', '/api/members', {
      firstName: 'Sipho',
      lastName: 'Zulu',
      saId: nextSaId(),
      phone: '0821234567',
      address: '3 Church Street',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: true,
      policyTypeId: type.id,
    });
    policyId = member.policyId;
    await call('PATCH', `/api/policies/${policyId}`, { status: 'lapsed', note: 'Unpaid' });
    await call('PATCH', `/api/policies/${policyId}`, { status: 'active', note: 'Paid at the branch' });
    claimId = (await submitClaim(t, a.tokens.administrator!, member.policyId, { deceasedSaId: nextSaId(), claimantSaId: nextSaId() })).id;
    await call('PATCH', `/api/claims/${claimId}`, { status: 'under_review', note: 'Checking the death certificate' });
    await caller(t, a.tokens.claim_admin!)('PATCH', `/api/claims/${claimId}`, {
      status: 'approved',
      overrideReason: 'Accidental death, police report',
      note: 'All documents verified',
    });
    superToken = (await t.request('POST', '/api/login', { username: SUPER.SUPER_ADMIN_USERNAME, password: SUPER.SUPER_ADMIN_PASSWORD }))
      .body.token;
  }, 120_000);
  afterAll(async () => t?.close());

  it("an auditor reads a claim's timeline: business names, actors with their roles, notes, what changed", async () => {
    const answer = await t.request('GET', `/api/audit/claim/${claimId}/events`, undefined, { token: a.tokens.auditor! });
    expect(answer.status).toBe(200);
    expect(answer.body.label).toMatch(/^CLM-/);
    const entries = answer.body.entries as {
      title: string;
      actor: { name: string; role: string };
      note: string | null;
      changes: { field: string; before: string; after: string }[];
    }[];
    expect(entries.map((e) => [e.title, e.actor.role, e.note])).toEqual([
      ['Claim submitted', 'administrator', null],
      ['Claim under review', 'administrator', 'Checking the death certificate'],
      ['Claim approved', 'claim_admin', 'All documents verified'],
    ]);
    expect(entries[0]!.actor.name).toBe('Thandi Nkosi');
    // The approval's amount and day are part of the claim's state (issue #23).
    expect(entries[2]!.changes).toEqual([
      { field: 'status', before: '"under_review"', after: '"approved"' },
      { field: 'approvedAmount', before: 'null', after: expect.stringMatching(/^"\d+\.\d{2}"$/) },
      { field: 'approvedOn', before: 'null', after: JSON.stringify(southAfricanDate(new Date())) },
    ]);

    const policy = await t.request('GET', `/api/audit/policy/${policyId}/events`, undefined, { token: a.tokens.auditor! });
    expect(policy.body.entries.map((e: { title: string }) => e.title)).toEqual([
      'Policy issued',
      'Policy lapsed',
      'Policy reinstated by staff decision',
    ]);
    const company = await t.request('GET', `/api/audit/company/${a.companyId}/events`, undefined, { token: a.tokens.auditor! });
    expect(company.body.entries[0]).toMatchObject({ title: 'Company registered', actor: { role: 'administrator' } });
    expect(company.body.label).toMatch(/^Ubuntu Funeral Cover/);
  });

  it('folds the claim to any moment, by global position and by time, through REST and GraphQL', async () => {
    const now = (await t.request('GET', `/api/audit/claim/${claimId}`, undefined, { token: a.tokens.auditor! })).body;
    expect(now).toMatchObject({ exists: true, version: 3, state: { status: 'approved' } });
    const [submitted, review] = now.positions as number[];
    const atReview = await t.request('GET', `/api/audit/claim/${claimId}?asOf=${review}`, undefined, { token: a.tokens.auditor! });
    expect(atReview.body).toMatchObject({
      position: review,
      version: 2,
      state: { status: 'under_review', claimNumber: now.state.claimNumber },
    });
    const byTime = await t.request('GET', `/api/audit/claim/${claimId}?asOf=${encodeURIComponent(now.times[0])}`, undefined, {
      token: a.tokens.auditor!,
    });
    expect(byTime.body).toMatchObject({ position: submitted, state: { status: 'submitted' } });
    const before = await t.request('GET', `/api/audit/claim/${claimId}?asOf=${submitted! - 1}`, undefined, { token: a.tokens.auditor! });
    expect(before.body).toMatchObject({ exists: false, state: null, version: 0 });

    const query = `query($id: ID!, $asOf: String!) { entityAsOf(entity: claim, id: $id, asOf: $asOf) { version state positions }
      history(entity: claim, id: $id) { entries { title changes { field after } } } }`;
    const gql = await t.graphql(query, { id: claimId, asOf: String(review) }, a.tokens.auditor);
    expect(gql.body.errors).toBeUndefined();
    expect(JSON.parse(gql.body.data.entityAsOf.state)).toMatchObject({ status: 'under_review' });
    expect(gql.body.data.history.entries).toHaveLength(3);
  });

  it('answers bad query parameters with a 400 naming them (past bigint, year 0000, not a number), over REST and GraphQL, recording no read', async () => {
    const auditor = a.tokens.auditor!;
    const views = async () =>
      (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'AuditTrailViewed'`))[0]!.n;
    const before = await views();
    for (const [path, field] of [
      ['/api/audit/company/events?after=99999999999999999999', 'after'],
      ['/api/audit/company/events?after=abc', 'after'],
      ['/api/audit/company/events?first=abc', 'first'],
      ['/api/audit/company/events?first=NaN', 'first'],
      ['/api/audit/company/events?from=0000-01-01', 'from'],
      ['/api/audit/company/events?to=9999-12-31', 'to'],
      ['/api/audit/company/events?from=2026-02-30', 'from'],
      ['/api/audit/company/events.csv?from=0000-01-01', 'from'],
      [`/api/audit/claim/${claimId}?asOf=0000-01-01`, 'asOf'],
      [`/api/audit/claim/${claimId}?asOf=99999999999999999999`, 'asOf'],
      ['/api/audit/reports/claims-ageing?asOf=0000-01-01', 'asOf'],
      ['/api/audit/reports/waiting-period?asOf=9999-12-31', 'asOf'],
      ['/api/audit/reports/permission-changes?from=0000-01-01', 'from'],
    ] as const) {
      const answer = await t.request('GET', path, undefined, { token: auditor });
      expect([path, answer.status, answer.body.issues?.[0]?.path]).toEqual([path, 400, [field]]);
      expect(answer.body.message).toMatch(new RegExp(`^${field} must be`));
    }
    const gql = await t.graphql('{ companyHistory(from: "0000-01-01", after: "99999999999999999999") { totalCount } }', {}, auditor);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect(await views()).toBe(before);
  });

  it("refuses roles without audit:read (403) and another company's records (404)", async () => {
    expect((await t.request('GET', `/api/audit/claim/${claimId}/events`, undefined, { token: a.tokens.claim_admin! })).status).toBe(403);
    const gql = await t.graphql(`query($id: ID!) { history(entity: claim, id: $id) { label } }`, { id: claimId }, a.tokens.claim_admin);
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.request('GET', `/api/audit/verify`, undefined, { token: a.tokens.claim_admin! })).status).toBe(403);
    expect((await t.request('GET', `/api/audit/reports/claims-ageing`, undefined, { token: a.tokens.claim_admin! })).status).toBe(403);

    expect((await t.request('GET', `/api/audit/claim/${claimId}/events`, undefined, { token: b.tokens.auditor! })).status).toBe(404);
    expect((await t.request('GET', `/api/audit/claim/${claimId}?asOf=1`, undefined, { token: b.tokens.administrator! })).status).toBe(404);
    expect((await t.request('GET', `/api/audit/company/${a.companyId}/events`, undefined, { token: b.tokens.auditor! })).status).toBe(404);
    expect(
      (await t.request('GET', `/api/audit/company/events?companyId=${a.companyId}`, undefined, { token: b.tokens.auditor! })).status,
    ).toBe(404);
    expect((await t.request('GET', `/api/audit/unknown/${claimId}/events`, undefined, { token: a.tokens.auditor! })).status).toBe(400);
    // The auditor changes nothing.
    expect((await t.request('PATCH', `/api/claims/${claimId}`, { status: 'paid' }, { token: a.tokens.auditor! })).status).toBe(403);
  });

  it('the company history filters by type and actor, pages, and shows that audit trails were read', async () => {
    const auditor = a.tokens.auditor!;
    const changes = await t.request('GET', `/api/audit/company/events?type=ClaimStatusChanged`, undefined, { token: auditor });
    expect(changes.body.totalCount).toBe(2);
    expect(changes.body.entries.map((e: { title: string }) => e.title)).toEqual(['Claim under review', 'Claim approved']);
    const byClerk = await t.request('GET', `/api/audit/company/events?actorId=${a.ids.claim_admin}&type=ClaimStatusChanged`, undefined, {
      token: auditor,
    });
    expect(byClerk.body.entries.map((e: { title: string }) => e.title)).toEqual(['Claim approved']);

    const first = await t.request('GET', `/api/audit/company/events?first=2`, undefined, { token: auditor });
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.hasNextPage).toBe(true);
    const second = await t.request('GET', `/api/audit/company/events?first=2&after=${first.body.endCursor}`, undefined, { token: auditor });
    expect(second.body.entries[0].position).toBeGreaterThan(first.body.entries[1].position);

    const views = await t.request('GET', `/api/audit/company/events?type=AuditTrailViewed&actorId=${a.ids.auditor}`, undefined, {
      token: auditor,
    });
    const seen = views.body.entries.map(
      (e: { data: { kind: string; entity: string | null; entityId: string | null }; actor: { role: string } }) => [
        e.data.kind,
        e.data.entity,
        e.data.entityId,
        e.actor.role,
      ],
    );
    expect(seen).toContainEqual(['history', 'claim', claimId, 'auditor']);
    expect(seen).toContainEqual(['as_of', 'claim', claimId, 'auditor']);
    // The other company's auditor's refused attempts left no trace in this company.
    expect(JSON.stringify(views.body)).not.toContain(b.companyId);

    const csv = await t.app.handle(
      new Request('http://localhost/api/audit/company/events.csv?type=ClaimStatusChanged', {
        headers: { authorization: `Bearer ${auditor}` },
      }),
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('Claim approved');
    expect(lines[2]).toContain('status: under_review → approved');
  });

  it('the super admin audits any company it names, and its reads are recorded in that company', async () => {
    expect((await t.request('GET', `/api/audit/claim/${claimId}/events`, undefined, { token: superToken })).status).toBe(400);
    const read = await t.request('GET', `/api/audit/claim/${claimId}/events?companyId=${a.companyId}`, undefined, { token: superToken });
    expect(read.status).toBe(200);
    expect(read.body.entries).toHaveLength(3);
    expect(
      (await t.request('GET', `/api/audit/claim/${claimId}/events?companyId=${b.companyId}`, undefined, { token: superToken })).status,
    ).toBe(404);
    const views = await t.request('GET', `/api/audit/company/events?type=AuditTrailViewed`, undefined, { token: a.tokens.administrator! });
    expect(views.body.entries.map((e: { actor: { role: string } }) => e.actor.role)).toContain('super_admin');
  });

  it('reports the open claim by age, and verification finds an event edited in the database', async () => {
    const ageing = await t.request('GET', '/api/audit/reports/claims-ageing', undefined, { token: a.tokens.auditor! });
    expect(ageing.body[0]).toMatchObject({ bucket: '0-7', count: 1, claimIds: [claimId] });

    const intact = await t.request('GET', '/api/audit/verify', undefined, { token: a.tokens.auditor! });
    expect(intact.body).toMatchObject({ ok: true, firstBroken: null });
    expect(intact.body.eventsChecked).toBeGreaterThan(5);

    await t.services.sql.query(
      `update es_events set data = jsonb_set(data, '{note}', '"Approved without documents"') where stream_id = $1 and stream_version = 3`,
      [`claim-${claimId}`],
    );
    const broken = await t.request('GET', '/api/audit/verify', undefined, { token: a.tokens.auditor! });
    expect(broken.body).toMatchObject({ ok: false, firstBroken: { streamId: `claim-${claimId}`, version: 3, reason: 'hash mismatch' } });
    // Company B's streams are untouched, and its check says so.
    expect((await t.request('GET', '/api/audit/verify', undefined, { token: b.tokens.auditor! })).body.ok).toBe(true);
    // The super admin checks the whole platform.
    expect((await t.graphql('{ verifyEventChains { ok firstBroken { streamId } } }', {}, superToken)).body.data.verifyEventChains).toEqual({
      ok: false,
      firstBroken: { streamId: `claim-${claimId}` },
    });
  });

  it('every compliance report of a company auditor (behind the tenant wall) equals the super admin’s read of that company', async () => {
    const names = [
      'claims-turnaround',
      'claims-ageing',
      'lapse-ratio',
      'waiting-period',
      'suspended-companies',
      'permission-changes',
      'personal-data-requests',
    ];
    for (const name of names) {
      const own = await t.request('GET', `/api/audit/reports/${name}`, undefined, { token: a.tokens.auditor! });
      const platform = await t.request('GET', `/api/audit/reports/${name}?companyId=${a.companyId}`, undefined, { token: superToken });
      expect([name, own.status]).toEqual([name, 200]);
      expect([name, own.body]).toEqual([name, platform.body]);
    }
  });
});
