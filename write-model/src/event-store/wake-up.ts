import type { SqlClient } from './sql.ts';
import type { Checkpoint } from './types.ts';

export const APPENDED_CHANNEL = 'es_events';

/**
 * The NOTIFY after appends, sent once an append has committed, in its own statement: a NOTIFY inside
 * the appending transaction takes PostgreSQL's cluster-wide notify-queue lock through its commit,
 * which serializes every appending commit (16 writers: about 6× fewer commits/s, pgbench on this
 * machine). At most one is in flight; appends committing meanwhile get one more after it, so a
 * NOTIFY always starts after each commit, and a burst of appends costs a few NOTIFYs, not one each.
 * A failed NOTIFY is left to the subscribers' polling.
 */
export function createAppendNotifier(sql: Pick<SqlClient, 'query'>): { appended(): void } {
  const notifier = createCoalescedNotifier(sql, APPENDED_CHANNEL);
  return { appended: notifier.notify };
}

/** NOTIFY on a channel, coalesced as above: at most one in flight, one more after it for calls meanwhile. */
export function createCoalescedNotifier(sql: Pick<SqlClient, 'query'>, channel: string): { notify(): void } {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let inFlight = false;
  let again = false;
  const send = () => {
    inFlight = true;
    again = false;
    sql
      // Its own transaction, committed without waiting for the WAL flush: it writes nothing but the wake-up,
      // which is a hint (a crash loses at most the NOTIFY; listeners poll besides). Waiting cost an fsync a
      // NOTIFY: 16 writers appended 13% more a second without it (issue #26).
      .query(`select set_config('synchronous_commit', 'off', true), pg_notify('${channel}', '')`)
      .catch(() => {})
      .finally(() => {
        inFlight = false;
        if (again) send();
      });
  };
  return {
    notify: () => (inFlight ? (again = true) : send()),
  };
}

/**
 * Wakes subscribers when new events may be readable. NOTIFY (sent after every append's commit,
 * createAppendNotifier) gives low latency; polling the head checkpoint is the fallback, and also the only signal
 * when the horizon moves because some transaction that appended nothing finished: a NOTIFY that
 * arrived while an older transaction held the horizon back finds nothing new to read.
 */
export type WakeUp = {
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
};

export function createWakeUp(sql: Pick<SqlClient, 'listen'>, head: () => Promise<Checkpoint | null>, pollIntervalMs: number): WakeUp {
  const listeners = new Set<() => void>();
  let unlisten: Promise<(() => Promise<void>) | null> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastHead: string | undefined;
  let scheduled = false;
  let closed = false;
  // Bumped by start and stop, so a poll still in flight from before a stop does not start a second chain.
  let generation = 0;

  // Coalesces a burst (many NOTIFYs, or a NOTIFY and a poll) into one call per listener.
  const wake = () => {
    if (scheduled || closed) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch {
          // A failing listener must not starve the others; it is its own job to report.
        }
      }
    });
  };

  const poll = async (gen: number) => {
    timer = null;
    try {
      const checkpoint = await head();
      const key = checkpoint ? `${checkpoint.txId}/${checkpoint.globalPosition}` : '';
      // The first poll always wakes: a subscriber may have caught up just before an append landed.
      if (key !== lastHead) wake();
      lastHead = key;
    } catch {
      // Transient (a dropped connection, a failover): the next tick tries again.
    }
    if (!closed && gen === generation) timer = setTimeout(() => void poll(gen), pollIntervalMs).unref();
  };

  const start = () => {
    unlisten = sql.listen(APPENDED_CHANNEL, wake).catch(() => null);
    const gen = ++generation;
    timer = setTimeout(() => void poll(gen), 0).unref();
  };

  const stop = async () => {
    generation++;
    if (timer) clearTimeout(timer);
    timer = null;
    lastHead = undefined;
    const pending = unlisten;
    unlisten = null;
    const stopListening = await pending;
    await stopListening?.().catch(() => {});
  };

  return {
    subscribe(listener) {
      if (closed) throw new Error('The event store is closed');
      // Wrapped, so the same function subscribed twice is two subscriptions.
      const entry = () => listener();
      listeners.add(entry);
      if (listeners.size === 1) start();
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0) void stop();
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await stop();
    },
  };
}
