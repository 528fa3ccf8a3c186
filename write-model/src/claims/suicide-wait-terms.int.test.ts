import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers, type TestDatabase } from '../testing/index.ts';
import { toNewEvent } from '../command-handling/decider.ts';
import { createPostgresEventStore } from '../event-store/postgres-event-store.ts';
import { createKeyring } from '../event-store/pii.ts';
import type { EventStore } from '../event-store/types.ts';
import { policyStreamId, type PolicyEvent } from '../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../policies/policies.state.ts';
import { policyTypeStreamId, type PolicyTypeEvent, type PolicyTypeTerms } from '../policy-types/policy-types.events.ts';
import { suicideWaitingMonthsOfTerms } from './commands/submit-claim.ts';

/*
 * Issue #22: a policy issued before its terms carried the suicide wait reads its type as it stood when the
 * issue (or the last change of type) was recorded, so a later change to the type changes nothing.
 */

const COMPANY = randomUUID();
const terms = (suicideWaitingMonths: number): PolicyTypeTerms => ({
  name: 'Family',
  description: null,
  coverageAmount: '10000',
  monthlyPremium: '100',
  waitingPeriod: 6,
  isActive: true,
  suicideWaitingMonths,
});

describe.each(testDrivers())("an old policy's suicide wait on $name", (driver) => {
  let db: TestDatabase;
  let store: EventStore;
  const options = { companyId: COMPANY, actorUserId: 'user-1' };
  const typeEvent = (type: PolicyTypeEvent['type'], policyTypeId: string, months: number) =>
    store.append(
      [
        {
          streamId: policyTypeStreamId(policyTypeId),
          expectedVersion: 'any',
          events: [toNewEvent({ type, data: { policyTypeId, companyId: COMPANY, ...terms(months) } })],
        },
      ],
      options,
    );
  const policyEvent = (policyId: string, event: PolicyEvent) =>
    store.append([{ streamId: policyStreamId(policyId), expectedVersion: 'any', events: [toNewEvent(event)] }], options);
  const policyOf = async (policyId: string) => {
    const { events } = await store.readStream(policyStreamId(policyId));
    const state = events.map((e) => ({ type: e.type, data: e.data }) as PolicyEvent).reduce(evolvePolicy, initialPolicyState);
    if (state.status === 'none') throw new Error('no policy');
    return state;
  };
  const issued = (policyId: string, policyTypeId: string, suicideWaitingMonths?: number): PolicyEvent => ({
    type: 'PolicyIssued',
    data: {
      policyId,
      companyId: COMPANY,
      policyNumber: 'POL-1',
      memberId: randomUUID(),
      policyTypeId,
      coverageAmount: '10000',
      monthlyPremium: '100',
      waitingPeriod: 6,
      startDate: '2026-01-15',
      agentId: null,
      ...(suicideWaitingMonths !== undefined ? { suicideWaitingMonths } : {}),
    },
  });

  beforeAll(async () => {
    db = await driver.create();
    store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, randomBytes(32)), pollIntervalMs: 20 });
  });
  afterAll(async () => db?.dispose());

  it('issued without it: the type as it stood at issue, not as it was changed after', async () => {
    const [type, policy] = [randomUUID(), randomUUID()];
    await typeEvent('PolicyTypeCreated', type, 24);
    await policyEvent(policy, issued(policy, type));
    await typeEvent('PolicyTypeUpdated', type, 0);
    expect(await suicideWaitingMonthsOfTerms(store, await policyOf(policy))).toBe(24);
  });

  it('changed to another type without it: that type as it stood at the change', async () => {
    const [first, second, policy] = [randomUUID(), randomUUID(), randomUUID()];
    await typeEvent('PolicyTypeCreated', first, 24);
    await typeEvent('PolicyTypeCreated', second, 18);
    await policyEvent(policy, issued(policy, first, 24));
    const change: PolicyEvent = {
      type: 'PolicyTypeChanged',
      data: {
        policyId: policy,
        companyId: COMPANY,
        fromPolicyTypeId: first,
        toPolicyTypeId: second,
        changedOn: '2026-03-01',
        coverageAmount: '10000',
        monthlyPremium: '100',
        benefits: null,
        lives: [],
        increases: [],
      },
    };
    await policyEvent(policy, change);
    await typeEvent('PolicyTypeUpdated', second, 3);
    expect(await suicideWaitingMonthsOfTerms(store, await policyOf(policy))).toBe(18);
  });

  it("issued with it: the policy's own months, whatever the type says", async () => {
    const [type, policy] = [randomUUID(), randomUUID()];
    await typeEvent('PolicyTypeCreated', type, 6);
    await policyEvent(policy, issued(policy, type, 12));
    expect(await suicideWaitingMonthsOfTerms(store, await policyOf(policy))).toBe(12);
  });
});
