import { setTimeout as delay } from 'node:timers/promises';
import { compareCheckpoints, type Checkpoint, type EventStore } from '../event-store/types.ts';

/**
 * Waits until the head has reached a checkpoint. The horizon is cluster-wide: a transaction open in
 * any database of the server (another test run, autovacuum does not count) delays visibility, so a
 * test reads the global order the way the gateway does, after waiting for its own write.
 */
export async function waitForHead(store: EventStore, checkpoint: Checkpoint, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headCheckpoint();
    if (head && compareCheckpoints(head, checkpoint) >= 0) return;
    if (Date.now() > deadline) throw new Error(`head ${JSON.stringify(head)} did not reach ${JSON.stringify(checkpoint)}`);
    await delay(10);
  }
}
