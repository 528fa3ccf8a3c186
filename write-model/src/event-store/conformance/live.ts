import { describe, expect, it } from 'vitest';
import { appendOptions, countWakeUps, event, eventually, sleep, streamId, type ConformanceFixture, type MakeStore } from './fixture.ts';

export function liveConformance(_fixture: () => ConformanceFixture, makeStore: MakeStore): void {
  describe('live wake-up', () => {
    it('wakes subscribers through notifications (polling far too slow to be the cause)', async () => {
      const { store, dispose } = await makeStore({ pollIntervalMs: 60_000 });
      const wakeUps = countWakeUps(store);
      try {
        // The first poll runs at once and wakes the subscriber so it can catch up; wait that out.
        await eventually(() => wakeUps.calls() === 1, 5_000, 'the first wake-up');
        await sleep(100);
        expect(wakeUps.calls()).toBe(1);
        await store.append([{ streamId: streamId(), expectedVersion: 'any', events: [event('A')] }], appendOptions());
        await eventually(() => wakeUps.calls() === 2, 5_000, 'the wake-up by NOTIFY');
      } finally {
        wakeUps.unsubscribe();
        await dispose();
      }
    });

    it('wakes subscribers by polling when notifications never arrive', async () => {
      const { store, dispose } = await makeStore({ notifications: false, pollIntervalMs: 50 });
      const wakeUps = countWakeUps(store);
      try {
        await eventually(() => wakeUps.calls() === 1, 5_000, 'the first wake-up');
        // Nothing new: polling does not wake anyone again and again.
        await sleep(300);
        expect(wakeUps.calls()).toBe(1);
        await store.append([{ streamId: streamId(), expectedVersion: 'any', events: [event('A')] }], appendOptions());
        await eventually(() => wakeUps.calls() === 2, 5_000, 'the wake-up by polling');
      } finally {
        wakeUps.unsubscribe();
        await dispose();
      }
    });

    it('coalesces a burst, and stops calling after unsubscribe', async () => {
      const { store, dispose } = await makeStore({ pollIntervalMs: 50 });
      const wakeUps = countWakeUps(store);
      try {
        await eventually(() => wakeUps.calls() === 1, 5_000, 'the first wake-up');
        const id = streamId();
        const burstStarted = performance.now();
        await Promise.all(
          Array.from({ length: 20 }, () => store.append([{ streamId: id, expectedVersion: 'any', events: [event('A')] }], appendOptions())),
        );
        await sleep(300);
        // Twenty commits (twenty NOTIFYs) and the polls of the window that saw the head move: never
        // more calls than signals. The window is measured, so a slow (shared) machine cannot fail it.
        const polls = Math.ceil((performance.now() - burstStarted) / 50);
        expect(wakeUps.calls()).toBeGreaterThan(1);
        expect(wakeUps.calls()).toBeLessThanOrEqual(1 + 20 + polls);
        wakeUps.unsubscribe();
        const afterUnsubscribe = wakeUps.calls();
        await store.append([{ streamId: id, expectedVersion: 'any', events: [event('B')] }], appendOptions());
        await sleep(200);
        expect(wakeUps.calls()).toBe(afterUnsubscribe);
      } finally {
        wakeUps.unsubscribe();
        await dispose();
      }
    });
  });
}
