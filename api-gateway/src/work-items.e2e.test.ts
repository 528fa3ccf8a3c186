import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { caller, companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { startTestApp, type TestApp } from './testing.ts';

/* Issue #25, the dashboard bell: what waits for the caller's role, read with each list's permission. */

const ITEMS = `{ workItems { kind count label href } }`;

describe.each(testDrivers())('the work items of the dashboard bell on $name', (driver) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const items = async (token: string) => {
    const answer = await t.graphql(ITEMS, {}, token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.workItems as { kind: string; count: number; label: string; href: string }[];
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    tokens = (await companyWithStaff(t, ['claim_admin', 'billing_clerk', 'agent'])).tokens;
  });
  afterAll(async () => t?.close());

  it('lists nothing while nothing waits, then the claims to decide for those who read claims', async () => {
    expect(await items(tokens.administrator!)).toEqual([]);
    const admin = caller(t, tokens.administrator!);
    const type = await admin('POST', '/api/policy-types', {
      name: 'Funeral 10k',
      coverageAmount: '10000',
      monthlyPremium: '100',
      waitingPeriod: 0,
    });
    const member = await admin('POST', '/api/members', mainMemberBody(type.id));
    for (let i = 0; i < 2; i++)
      await submitClaim(t, tokens.claim_admin!, member.policyId, { deceasedSaId: nextSaId(), claimantSaId: nextSaId() });
    const expected = { kind: 'claims_to_decide', count: 2, label: '2 claims waiting for a decision', href: '/claims' };
    expect(await items(tokens.administrator!)).toEqual([expected]);
    expect(await items(tokens.claim_admin!)).toEqual([expected]);
    // A billing clerk does not read claims; an agent has no dashboard.
    expect(await items(tokens.billing_clerk!)).toEqual([]);
    expect((await t.graphql(ITEMS, {}, tokens.agent)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
