import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietLogger, runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { startWorker } from '../worker/worker.ts';
import { fakeSmsPortal, policyholderLife } from './notifications.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { smsPortalProvider } from './providers.ts';

/**
 * The compose shape: projection workers run the projectors and the worker holding the notifications
 * projector's lease sends the outbox (one at a time); a worker without that lease sends nothing.
 */
describe.each(testDrivers())('the outbox sent by the worker holding its lease, on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('sends from the worker that holds the notifications lease, and from no other', async () => {
    const bed = await openPortfolioBed(driver, cleanups, []);
    const sms = await fakeSmsPortal();
    cleanups.push(sms.close);
    const provider = smsPortalProvider({
      kind: 'smsportal',
      clientId: 'a',
      apiSecret: 'b',
      baseUrl: sms.url,
      perSecond: 1000,
      webhookToken: null,
    });
    const start = (owner: string) =>
      startWorker({
        sql: bed.sql,
        store: bed.store,
        projectors: [notificationsProjection],
        lease: { owner, ttlMs: 60_000, renewMs: 100 },
        logger: quietLogger(),
        notifications: { providers: { sms: provider }, now: () => new Date('2026-11-26T08:00:00Z'), checkEveryMs: 50 },
      });
    const first = await start('worker-1');
    cleanups.push(() => first.close());
    const second = await start('worker-2');
    cleanups.push(() => second.close());
    expect(first.engine.leases().held).toEqual(['notifications']);
    expect(second.engine.leases().held).toEqual([]);
    await policyholderLife(bed, 'starter');
    await vi.waitFor(() => expect(sms.received).toHaveLength(11), { timeout: 20_000, interval: 100 });
    // The worker without the lease found nothing to do; the holder sent each message once.
    expect(await second.dispatcher!.tick()).toEqual({ sent: 0, failed: 0, retrying: 0, notSent: 0, reminders: 0 });
    expect(new Set(sms.received.map((m) => m.content)).size).toBe(11);
  });
});
