import { randomUUID } from 'node:crypto';
import { readQuota, southAfricanDate } from '@fpa/write-model';
import { reliabilityRuns, reportFigures, testDrivers } from '@fpa/write-model/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, startTestApp, type Answer, type TestApp } from '../testing.ts';
import { asStaff, memberInput, staffInput, uniqueSaId } from './races.testing.ts';

/**
 * Area 3 of the reliability suite (issue #12): invariants under races. Each burst is one company on
 * a small member limit, and one Promise.all of concurrent requests through the real handler:
 * members past the limit, the same SA ID several times, the same username several times, a claim
 * approved and rejected at once, and one payment sent several times with the same Idempotency-Key.
 */
const BURSTS = reliabilityRuns('races', 100);
const AREA = '3 invariants under races';
const LIMIT = 8;
const LANES = 4;
const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const shuffle = <T>(items: T[]): T[] =>
  items
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

describe.each(testDrivers())(`${AREA} on $name`, (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // A command whose read-your-writes wait times out answers 404 from the read model (reported
    // separately); the wait is generous here so the bursts test the invariants, not the machine's load.
    t = await startTestApp(driver, { readYourWritesTimeoutMs: 60_000 }, OPERATOR);
    // New companies start on the free plan's limit: a small one makes every burst reach it.
    const op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
    const free = ((await t.request('GET', '/api/super-admin/plans', undefined, { token: op })).body as { id: string; tier: string }[]).find(
      (p) => p.tier === 'free',
    )!;
    const edited = await t.request('PUT', `/api/super-admin/plans/${free.id}`, { ...free, memberLimit: LIMIT }, { token: op });
    expect(edited.status).toBe(200);
  });
  afterAll(async () => t?.close());

  const count = async (query: string, params: unknown[]) => (await t.services.sql.query<{ n: number }>(query, params))[0]!.n;

  it(`${BURSTS} bursts: member limit, SA ID and username uniqueness hold, approve/reject has one winner, a retried command appends once`, async () => {
    const startedAt = Date.now();
    const violations: Record<string, number> = {
      limitExceeded: 0,
      quotaMismatch: 0,
      duplicateSaId: 0,
      wrongMemberWinners: 0,
      duplicateUsername: 0,
      usernameWinners: 0,
      claimWinners: 0,
      claimEvents: 0,
      retryAppends: 0,
      retryAnswers: 0,
      serverErrors: 0,
      unexpectedStatus: 0,
    };
    const stats = {
      requests: 0,
      membersAdded: 0,
      limitRefusals: 0,
      saIdRefusals: 0,
      usernameRefusals: 0,
      claimConflicts: 0,
      retriesAnswered: 0,
    };
    const statuses = new Map<number, number>();
    const tally = (answers: Answer[], allowed: number[], what: string) => {
      for (const a of answers) {
        stats.requests += 1;
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status >= 500) violations.serverErrors! += 1;
        else if (!allowed.includes(a.status)) {
          violations.unexpectedStatus! += 1;
          console.error(`${what}: unexpected ${a.status} ${JSON.stringify(a.body)}`);
        }
      }
    };

    const burst = async () => {
      const signUp = await t.request('POST', '/api/register', registration());
      if (signUp.status !== 201) throw new Error(`registering a company: ${signUp.status} ${JSON.stringify(signUp.body)}`);
      const registered = signUp.body;
      const companyId = registered.user.companyId as string;
      const admin = asStaff(t, registered.token);
      const type = await admin.call('POST', '/api/policy-types', {
        name: 'Basic Cover',
        coverageAmount: '10000',
        monthlyPremium: '120',
        waitingPeriod: 0,
      });
      // Set-up: one member with a claim under review, a few more members, so the limit is near.
      const holderSaId = uniqueSaId();
      const prefilled = between(1, LIMIT - 2);
      const [holder] = await Promise.all([
        admin.call('POST', '/api/members', memberInput(type.id, holderSaId)),
        ...Array.from({ length: prefilled - 1 }, () => admin.call('POST', '/api/members', memberInput(type.id))),
      ]);
      const claimId = await admin.claimUnderReview(holder.policyId, holderSaId);
      const room = LIMIT - prefilled;

      // The burst: every request below at once, in random order.
      const distinct = Array.from({ length: between(room, room + 4) }, () => memberInput(type.id));
      const sharedSaId = uniqueSaId();
      const sameId = Array.from({ length: between(2, 4) }, () => memberInput(type.id, sharedSaId));
      const username = `racer.${randomUUID().slice(0, 12)}`;
      const sameUser = Array.from({ length: between(2, 4) }, () => staffInput(username));
      const key = { 'idempotency-key': `pay-${randomUUID()}` };
      const payment = { policyId: holder.policyId, amount: '120', paymentDate: southAfricanDate(new Date()), paymentMethod: 'eft' };
      const retries = between(2, 4);
      type Job = { kind: 'member' | 'same-id' | 'user' | 'approve' | 'reject' | 'retry'; run: () => Promise<Answer> };
      const jobs: Job[] = shuffle([
        ...distinct.map((m) => ({ kind: 'member' as const, run: () => admin.send('POST', '/api/members', m) })),
        ...sameId.map((m) => ({ kind: 'same-id' as const, run: () => admin.send('POST', '/api/members', m) })),
        ...sameUser.map((u) => ({ kind: 'user' as const, run: () => admin.send('POST', '/api/users', u) })),
        {
          kind: 'approve' as const,
          run: () =>
            admin.send('PATCH', `/api/claims/${claimId}`, {
              status: 'approved',
              approvedAmount: '10000',
              overrideReason: 'Accidental death, police report',
            }),
        },
        {
          kind: 'reject' as const,
          run: () => admin.send('PATCH', `/api/claims/${claimId}`, { status: 'rejected', rejectionReason: 'not_covered' }),
        },
        ...Array.from({ length: retries }, () => ({
          kind: 'retry' as const,
          run: () => admin.send('POST', '/api/payments', payment, key),
        })),
      ]);
      const answers = await Promise.all(jobs.map((j) => j.run()));
      const of = (...kinds: Job['kind'][]) => answers.filter((_, i) => kinds.includes(jobs[i]!.kind));

      // Members: the limit (403) and the SA ID (409) are the only refusals.
      const memberAnswers = of('member', 'same-id');
      tally(memberAnswers, [201, 403, 409], 'member');
      const added = memberAnswers.filter((a) => a.status === 201);
      stats.membersAdded += added.length;
      stats.limitRefusals += memberAnswers.filter((a) => a.status === 403).length;
      stats.saIdRefusals += memberAnswers.filter((a) => a.status === 409).length;
      const quota = await readQuota(t.services.sql, companyId);
      const registeredMembers = await count(
        `select count(*)::int as n from es_events where company_id = $1 and type = 'MemberRegistered'`,
        [companyId],
      );
      if (registeredMembers > LIMIT) violations.limitExceeded! += 1;
      if (quota.used !== registeredMembers || registeredMembers !== prefilled + added.length) violations.quotaMismatch! += 1;
      const sameIdAdded = of('same-id').filter((a) => a.status === 201).length;
      if (sameIdAdded > 1) violations.duplicateSaId! += 1;
      // No refusal without a reason: there are more distinct SA IDs than room, so the room fills exactly.
      if (added.length !== room) violations.wrongMemberWinners! += 1;

      // Username: one staff user created, the others refused with 409.
      const users = of('user');
      tally(users, [201, 409], 'user');
      const created = users.filter((a) => a.status === 201).length;
      stats.usernameRefusals += users.length - created;
      if (created !== 1) violations.usernameWinners! += 1;
      // The events and the read model, not auth_credentials: its unique index cannot hold a duplicate anyway.
      if (
        (await count(`select count(*)::int as n from es_events where type = 'UserRegistered' and lower(data->>'username') = lower($1)`, [
          username,
        ])) !== 1
      )
        violations.duplicateUsername! += 1;
      if ((await count(`select count(*)::int as n from user_accounts where lower(username) = lower($1)`, [username])) !== 1)
        violations.duplicateUsername! += 1;

      // The claim: one of approve and reject wins, the other is a 409; one status change recorded.
      const decisions = of('approve', 'reject');
      tally(decisions, [200, 409], 'claim');
      if (
        decisions
          .map((a) => a.status)
          .sort()
          .join() !== '200,409'
      )
        violations.claimWinners! += 1;
      else stats.claimConflicts += 1;
      const changes = await t.services.sql.query<{ to: string }>(
        `select data->>'to' as to from es_events where stream_id = $1 and type = 'ClaimStatusChanged' order by stream_version`,
        [`claim-${claimId}`],
      );
      if (changes.length !== 2 || !['approved', 'rejected'].includes(changes[1]!.to)) violations.claimEvents! += 1;

      // The retried payment: every answer the same payment, recorded once.
      const paid = of('retry');
      tally(paid, [201], 'retry');
      stats.retriesAnswered += paid.length;
      if (new Set(paid.map((a) => JSON.stringify(a.body))).size !== 1) violations.retryAnswers! += 1;
      if ((await count(`select count(*)::int as n from es_events where company_id = $1 and type = 'PaymentRecorded'`, [companyId])) !== 1)
        violations.retryAppends! += 1;
    };
    // Bursts of different companies overlap in a few lanes: more contention, and the waits of one
    // (read-your-writes, the server's transaction horizon) do not idle the run.
    let started = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (started < BURSTS) {
          started += 1;
          await burst();
        }
      }),
    );

    const total = Object.values(violations).reduce((a, b) => a + b, 0);
    reportFigures(
      {
        area: AREA,
        test: 'concurrent bursts through the HTTP handler',
        runs: BURSTS,
        checked: stats.requests,
        checkedWhat: 'concurrent requests',
        differences: total,
        details: {
          ...stats,
          ...Object.fromEntries([...statuses].map(([s, n]) => [`http${s}`, n])),
          ...Object.fromEntries(Object.entries(violations).filter(([, n]) => n > 0)),
        },
        driver: driver.name,
      },
      startedAt,
    );
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((k) => [k, 0])));
  });
});
