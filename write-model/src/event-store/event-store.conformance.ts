import { afterAll, beforeAll, describe } from 'vitest';
import { appendConformance } from './conformance/append.ts';
import { chainConformance } from './conformance/chain.ts';
import { liveConformance } from './conformance/live.ts';
import { piiConformance } from './conformance/pii.ts';
import { readConformance } from './conformance/reads.ts';
import type { ConformanceFixture, MakeStore } from './conformance/fixture.ts';

export type { ConformanceFixture, FixtureVariant, MakeStore } from './conformance/fixture.ts';

/**
 * The properties every event store adapter must have. The adapter's test file calls this with a
 * factory; most tests share one store (each works on its own streams and reads the global order
 * from a checkpoint it took first), and tests that need a fresh or differently wired store make one.
 */
export function eventStoreConformance(name: string, makeStore: MakeStore): void {
  describe(`event store conformance: ${name}`, () => {
    let fixture: ConformanceFixture | undefined;
    beforeAll(async () => {
      fixture = await makeStore();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });
    const shared = (): ConformanceFixture => {
      if (!fixture) throw new Error('The conformance fixture was not created');
      return fixture;
    };

    appendConformance(shared);
    readConformance(shared, makeStore);
    liveConformance(shared, makeStore);
    piiConformance(shared);
    chainConformance(shared, makeStore);
  });
}
