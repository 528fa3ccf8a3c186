import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDeadline, businessMillisBetween } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { caller, companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #23's decision clock (Policyholder Protection Rule 2A.8) through HTTP, on a stepped clock: it starts
 * when the last of the four documents is verified, is due 2 business days later (14 more with the
 * underwriter), and a breach shows on the claim, the dashboard's deadlines and bell, the super admin's
 * compliance log and the claims-decisions compliance report.
 */

const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
const OVERRIDE = 'Identity confirmed against the Home Affairs record';
const minutes = (ms: number) => Math.trunc(ms / 60_000);

describe.each(testDrivers())('the claims decision clock on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let policyId: string;
  let now: Date;
  const at = (instant: Date) => {
    now = instant;
    t.services.now = () => now;
  };

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    // Frozen at the real time: the claim's date of death is today's.
    at(new Date());
    token = (await companyWithStaff(t)).tokens.administrator!;
    const admin = caller(t, token);
    const type = await admin('POST', '/api/policy-types', {
      name: 'Clock 10k',
      coverageAmount: '10000',
      monthlyPremium: '99',
      waitingPeriod: 0,
    });
    policyId = (await admin('POST', '/api/members', mainMemberBody(type.id))).policyId;
  });
  afterAll(() => t?.close());

  async function newClaim() {
    const { id } = await submitClaim(t, token, policyId, { deceasedSaId: nextSaId(), claimantSaId: nextSaId() });
    return id as string;
  }
  const get = (path: string, tk = token) => caller(t, tk)('GET', path);
  const claim = (id: string) => get(`/api/claims/${id}`);
  /** Verifies the claim's pending documents, the first `count` of them. */
  async function verify(id: string, count = 4) {
    const documents = (await claim(id)).documents as { id: string; status: string }[];
    const pending = documents.filter((d) => d.status === 'pending').slice(0, count);
    for (const d of pending) await caller(t, token)('PATCH', `/api/documents/${d.id}`, { status: 'verified' });
  }
  const move = (id: string, status: string, extra: Record<string, unknown> = {}) =>
    caller(t, token)('PATCH', `/api/claims/${id}`, { status, ...extra });

  it('starts at the last document verified, runs out, and a late decision is a breach everywhere it is reported', async () => {
    const id = await newClaim();
    await verify(id, 3);
    expect((await claim(id)).decisionClock).toEqual({ state: 'not_started', businessMinutesLeft: null, businessMinutesTaken: null });

    await verify(id);
    const started = await claim(id);
    const due = businessDeadline(now, 2);
    expect(started).toMatchObject({ clockStartedAt: now.toISOString(), decisionDueAt: due.toISOString(), decidedAt: null });
    expect(started.decisionClock.businessMinutesLeft).toBe(minutes(businessMillisBetween(now, due)));
    expect(['running', 'due_soon']).toContain(started.decisionClock.state);
    expect(await get('/api/claims/deadlines')).toMatchObject({ overdue: 0, urgent: [{ id, claimNumber: started.claimNumber }] });

    // One minute past the deadline, undecided: overdue on the claim, the deadlines, the bell and the platform's log.
    at(new Date(due.getTime() + 60_000));
    expect((await claim(id)).decisionClock).toMatchObject({ state: 'overdue' });
    expect(await get('/api/claims/deadlines')).toMatchObject({ overdue: 1, dueSoon: 0, running: 0 });
    const bell = await t.graphql('{ workItems { kind count label } }', {}, token);
    expect(bell.body.data.workItems).toContainEqual({
      kind: 'claims_past_deadline',
      count: 1,
      label: '1 claim past the decision deadline',
    });
    const operator = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
    const openEntry = (
      (await get('/api/super-admin/compliance-logs', operator)) as { title: string; description: string; resolvedAt: string | null }[]
    ).find((e) => e.description.includes(started.claimNumber) && e.title.includes('deadline'));
    expect(openEntry).toMatchObject({ title: 'Claim decision past its deadline (PPR rule 2A.8)', resolvedAt: null });
    expect(openEntry?.description).toContain('is still undecided');

    // Decided an hour late: the clock stops, late; the log's entry is resolved at the decision.
    at(new Date(due.getTime() + 3_600_000));
    await move(id, 'under_review');
    await move(id, 'approved', { overrideReason: OVERRIDE });
    const decided = await claim(id);
    expect(decided).toMatchObject({ decidedAt: now.toISOString(), decisionClock: { state: 'late', businessMinutesLeft: null } });
    expect(decided.decisionClock.businessMinutesTaken).toBe(minutes(businessMillisBetween(new Date(started.clockStartedAt), now)));
    expect(await get('/api/claims/deadlines')).toMatchObject({ overdue: 0 });
    const resolved = (
      (await get('/api/super-admin/compliance-logs', operator)) as { description: string; resolvedAt: string | null }[]
    ).filter((e) => e.description.includes(started.claimNumber) && e.description.includes('due for a decision'));
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({ resolvedAt: now.toISOString() });
    expect(resolved[0]?.description).toContain('and was approved on');

    const report = (await get('/api/audit/reports/claims-decisions')) as { decided: number; decidedLate: number; withClock: number }[];
    expect(report.reduce((n, m) => n + m.decidedLate, 0)).toBe(1);
  });

  it('gives 14 more business days when sent to the underwriter, and counts a rejection by its reason', async () => {
    at(new Date(now.getTime() + 86_400_000));
    const id = await newClaim();
    await verify(id);
    const due = businessDeadline(now, 2);
    await move(id, 'sent_to_underwriter');
    const extended = businessDeadline(due, 14);
    const { body } = await t.graphql(
      `query($id: ID!) { claim(id: $id) { decisionClock { state dueAt extendedFor businessMinutesLeft } } }`,
      { id },
      token,
    );
    expect(body.data.claim.decisionClock).toMatchObject({ dueAt: extended.toISOString(), extendedFor: 'sent_to_underwriter' });
    expect(body.data.claim.decisionClock.businessMinutesLeft).toBe(minutes(businessMillisBetween(now, extended)));

    // Past the first deadline but within the extension: decided on time.
    at(new Date(due.getTime() + 3_600_000));
    await move(id, 'rejected', { rejectionReason: 'not_covered' });
    expect((await claim(id)).decisionClock).toMatchObject({ state: 'on_time' });
    const report = (await get('/api/audit/reports/claims-decisions')) as {
      rejected: number;
      rejectionReasons: { reason: string; count: number }[];
    }[];
    expect(report.flatMap((m) => m.rejectionReasons)).toEqual([{ reason: 'not_covered', count: 1 }]);
    expect(report.reduce((n, m) => n + m.rejected, 0)).toBe(1);
  });

  it('marks a claim as disputed once, with a reason, giving its decision 14 more business days', async () => {
    const id = await newClaim();
    await verify(id);
    const due = businessDeadline(now, 2);
    const short = await t.request('POST', `/api/claims/${id}/dispute`, { reason: 'No' }, { token });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Say why the claim is disputed (at least 10 characters)');
    const { body } = await t.graphql(
      `mutation($id: ID!, $reason: String!) { disputeClaim(id: $id, reason: $reason) { disputeReason decisionClock { dueAt extendedFor } } }`,
      { id, reason: 'The late member’s two spouses both claim the benefit' },
      token,
    );
    expect(body.data.disputeClaim).toEqual({
      disputeReason: 'The late member’s two spouses both claim the benefit',
      decisionClock: { dueAt: businessDeadline(due, 14).toISOString(), extendedFor: 'disputed' },
    });
    const again = await t.request('POST', `/api/claims/${id}/dispute`, { reason: 'Still disputed by the family' }, { token });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('The claim is already marked as disputed.');
    expect((await claim(id)).decisionDueAt).toBe(businessDeadline(due, 14).toISOString());
  });
});
