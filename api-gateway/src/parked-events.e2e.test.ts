import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { southAfricanDate } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { agentBody } from './agents.testing.ts';
import { WRITE_NOT_SHOWN } from './errors.ts';

/**
 * Issue #27, the critical fault: a payment dated 0000-01-01 got into the log, the payments and agents
 * projectors failed on it on every retry, and every later payment or agent of every company answered
 * 202 "not visible yet" for ever. Here such an event is put into the log the way a bug would (straight
 * through the event store, past the validation that now refuses it): the projectors park it, everyone
 * else's writes are read back at once, the command whose event it was is told, and the super admin's
 * compliance log shows it.
 */
const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
let sequence = 6100;
const nextSaId = () => makeSaId('750101', String(sequence++).padStart(4, '0'));
const today = () => southAfricanDate(new Date());

describe.each(testDrivers())('a poison event on $name', (driver) => {
  let t: TestApp;
  type Company = { token: string; userId: string; companyId: string; companyName: string; policyId: string };
  let a: Company;
  let b: Company;

  async function company(): Promise<Company> {
    const input = registration();
    const registered = (await t.request('POST', '/api/register', input)).body;
    const token = registered.token as string;
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token },
      )
    ).body;
    const member = (
      await t.request(
        'POST',
        '/api/members',
        {
          firstName: 'Lerato',
          lastName: 'Dube',
          saId: nextSaId(),
          phone: '0821234567',
          address: '3 Church Street',
          city: 'Durban',
          province: 'KZN',
          postalCode: '4001',
          isMainMember: true,
          policyTypeId: type.id,
        },
        { token },
      )
    ).body;
    return {
      token,
      userId: registered.user.id,
      companyId: registered.user.companyId,
      companyName: input.companyName,
      policyId: member.policyId,
    };
  }

  const pay = (who: Company, headers: Record<string, string> = {}) =>
    t.request(
      'POST',
      '/api/payments',
      { policyId: who.policyId, amount: '120', paymentDate: today(), paymentMethod: 'eft' },
      { token: who.token, headers },
    );

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    a = await company();
    b = await company();
  });
  afterAll(async () => t?.close());

  it('parks it; every other write of every company is read back at once; its own command is told; the operator sees it', async () => {
    // A real payment of company A, and a copy of its event dated in year 0000, appended under the
    // command id that an Idempotency-Key of A's user stands for.
    const real = await pay(a);
    expect(real.status).toBe(201);
    const { events } = await t.services.store.readStream(`payment-${real.body.id}`);
    const recorded = events.find((e) => e.type === 'PaymentRecorded')!;
    const paymentId = randomUUID();
    const poison = await t.services.store.append(
      [
        {
          streamId: `payment-${paymentId}`,
          expectedVersion: 'no_stream',
          events: [
            {
              type: 'PaymentRecorded',
              data: { ...recorded.data, paymentId, paymentDate: '0000-01-01' },
              ...(recorded.metadata.pii ? { pii: recorded.metadata.pii } : {}),
            },
          ],
        },
      ],
      { companyId: a.companyId, actorUserId: a.userId, commandId: `${a.userId}:poison-1` },
    );

    // Other companies and the same company go on: answered 201 (read back), not 202.
    const started = Date.now();
    const theirs = await pay(b);
    expect(theirs.status).toBe(201);
    const agent = await t.request('POST', '/api/agents', agentBody('Naledi'), { token: b.token });
    expect(agent.status).toBe(201);
    const mine = await pay(a);
    expect(mine.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(t.config.readYourWritesTimeoutMs);
    const listed = (await t.request('GET', '/api/payments', undefined, { token: b.token })).body.map((p: { id: string }) => p.id);
    expect(listed).toContain(theirs.body.id);
    expect((await t.request('GET', '/api/agents', undefined, { token: b.token })).body.map((x: { id: string }) => x.id)).toContain(
      agent.body.id,
    );

    // Every projector handling payments parked that one event, named in full.
    const parked = await t.services.engine.parked();
    // (The agents read model keeps no date of a payment of a policy no agent sold, so it applies it.)
    expect(parked.map((p) => p.projector)).toContain('payments');
    for (const row of parked) {
      expect(row).toMatchObject({
        globalPosition: poison.firstPosition,
        streamId: `payment-${paymentId}`,
        companyId: a.companyId,
        eventType: 'PaymentRecorded',
      });
      expect(row.error).toMatch(/out of range/);
    }
    expect(await t.services.engine.parkedCount()).toBe(parked.length);

    // The command whose event it was (its retry with the same Idempotency-Key answers the first result) is told.
    const own = await pay(a, { 'idempotency-key': 'poison-1' });
    expect(own.status).toBe(500);
    expect(own.body).toEqual({ message: WRITE_NOT_SHOWN, code: 'WRITE_NOT_SHOWN', issues: [] });

    // The super admin's compliance log has an open critical entry per parked event, with the company.
    const op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
    const logs = (await t.request('GET', '/api/super-admin/compliance-logs', undefined, { token: op })).body as {
      type: string;
      severity: string;
      companyName: string;
      description: string;
      status?: string;
      resolvedAt?: string | null;
    }[];
    const entries = logs.filter((l) => l.type === 'event_parked');
    expect(entries).toHaveLength(parked.length);
    for (const entry of entries) {
      expect(entry).toMatchObject({ severity: 'critical', companyName: a.companyName });
      expect(entry.description).toContain(`position ${poison.firstPosition}`);
      expect(entry.description).toContain('retry-parked');
    }
  });
});
