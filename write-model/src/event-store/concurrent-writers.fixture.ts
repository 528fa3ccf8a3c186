import { isDeepStrictEqual } from 'node:util';
import { ConcurrencyError } from '../errors.ts';
import { appendOptions, sleep } from './conformance/fixture.ts';
import {
  compareCheckpoints,
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
  type StreamAppend,
} from './types.ts';

/**
 * The pieces of the concurrent-writers scenario, shared by its integration test (one fixed run) and
 * the reliability suite (area 1: the same scenario randomised and repeated).
 */
class PlannedRollback extends Error {}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export type Subscriber = {
  seen: RecordedEvent[];
  reached(target: Checkpoint, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** Reads the global order from its own checkpoint, woken by the store or by a short sleep. */
export function startSubscriber(store: EventStore, options: { after?: Checkpoint | null; pageSize?: number } = {}): Subscriber {
  const seen: RecordedEvent[] = [];
  let after: Checkpoint | null = options.after ?? null;
  const limit = options.pageSize ?? 37;
  let stopped = false;
  let wake: () => void = () => {};
  const unsubscribe = store.onAppended(() => wake());
  const loop = (async () => {
    while (!stopped) {
      const page = await store.readAll({ after, limit });
      seen.push(...page);
      const last = page[page.length - 1];
      if (last) after = { txId: last.txId, globalPosition: last.globalPosition };
      else {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 25);
        });
      }
    }
  })();
  return {
    seen,
    async reached(target: Checkpoint, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!after || compareCheckpoints(after, target) < 0) {
        if (Date.now() > deadline) throw new Error(`subscriber stuck at ${JSON.stringify(after)}`);
        await sleep(10);
      }
    },
    async stop() {
      stopped = true;
      wake();
      unsubscribe();
      await loop;
    },
  };
}

export type WriterPlan = {
  streams: string[];
  writers: number;
  appendsPerWriter: number;
  /** Share of appends that throw inside their transaction (after pg_sleep), rolling back. */
  rollbackRate: number;
  /** Share of appends that also write to a second stream (atomically). */
  multiStreamRate: number;
  /** pg_sleep(random() * maxDelaySeconds) inside every append's transaction: commits land out of order. */
  maxDelaySeconds: number;
  /** Makes tokens and command ids unique across rounds and runs. */
  tokenPrefix: string;
};

export type WriterOutcome = {
  committed: Set<string>;
  failed: Set<string>;
  last: Checkpoint | null;
  stats: { appends: number; rolledBack: number; conflicts: number; duplicates: number; badRetries: number };
};

/** Writers appending concurrently to overlapping streams; returns what committed and what did not. */
export async function runWriters(store: EventStore, plan: WriterPlan): Promise<WriterOutcome> {
  const outcome: WriterOutcome = {
    committed: new Set(),
    failed: new Set(),
    last: null,
    stats: { appends: 0, rolledBack: 0, conflicts: 0, duplicates: 0, badRetries: 0 },
  };
  const { stats } = outcome;
  const writer = async (writerId: number) => {
    for (let i = 0; i < plan.appendsPerWriter; i++) {
      const token = `${plan.tokenPrefix}.${writerId}.${i}`;
      const first = pick(plan.streams);
      const second = plan.streams.length > 1 && Math.random() < plan.multiStreamRate ? pick(plan.streams.filter((s) => s !== first)) : null;
      const expected: ExpectedVersion = Math.random() < 0.5 ? 'any' : (await store.readStream(first)).version;
      const appends: StreamAppend[] = [
        { streamId: first, expectedVersion: expected, events: [{ type: 'Deposited', data: { token: `${token}.a` } }] },
      ];
      if (Math.random() < 0.3) appends[0]!.events.push({ type: 'Deposited', data: { token: `${token}.b` } });
      if (second)
        appends.push({ streamId: second, expectedVersion: 'any', events: [{ type: 'Deposited', data: { token: `${token}.c` } }] });
      const tokens = appends.flatMap((p) => p.events.map((e) => e.data.token as string));
      const rollBack = Math.random() < plan.rollbackRate;
      // Half carry a command id: its write comes before the events, another chance to get the order wrong.
      const commandId = Math.random() < 0.5 ? `cmd-${token}` : undefined;
      stats.appends += 1;
      try {
        const attempt = () =>
          store.append(appends, {
            ...appendOptions({ commandId }),
            inTransaction: async (tx) => {
              await tx.query('select pg_sleep(random() * $1::float8)', [plan.maxDelaySeconds]);
              if (rollBack) throw new PlannedRollback();
            },
          });
        const result = await attempt();
        if (commandId && Math.random() < 0.2) {
          // A retried command must return the first result and append nothing.
          const retry = await attempt();
          if (!isDeepStrictEqual(retry, { ...result, duplicate: true })) stats.badRetries += 1;
          stats.duplicates += 1;
        }
        tokens.forEach((t) => outcome.committed.add(t));
        if (!outcome.last || compareCheckpoints(result.checkpoint, outcome.last) > 0) outcome.last = result.checkpoint;
      } catch (error) {
        if (error instanceof PlannedRollback) stats.rolledBack += 1;
        else if (error instanceof ConcurrencyError) stats.conflicts += 1;
        else throw error;
        tokens.forEach((t) => outcome.failed.add(t));
      }
    }
  };
  await Promise.all(Array.from({ length: plan.writers }, (_, w) => writer(w)));
  return outcome;
}

export type SeenDifferences = {
  missing: number;
  duplicates: number;
  rolledBackSeen: number;
  outOfGlobalOrder: number;
  streamsOutOfOrder: number;
};

/**
 * What a subscriber saw against what committed: each committed token once, no failed token, the
 * global order strictly increasing, and each of the given streams at versions 1..n (fresh streams).
 */
export function compareSeen(seen: RecordedEvent[], committed: Set<string>, failed: Set<string>, streams: string[]): SeenDifferences {
  const tokens = seen.map((e) => e.data.token as string);
  const unique = new Set(tokens);
  let outOfGlobalOrder = 0;
  for (let i = 1; i < seen.length; i++) if (compareCheckpoints(seen[i - 1]!, seen[i]!) >= 0) outOfGlobalOrder += 1;
  let streamsOutOfOrder = 0;
  for (const streamId of streams) {
    const versions = seen.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
    if (versions.some((v, i) => v !== i + 1)) streamsOutOfOrder += 1;
  }
  return {
    missing: [...committed].filter((t) => !unique.has(t)).length,
    duplicates: tokens.length - unique.size,
    rolledBackSeen: tokens.filter((t) => failed.has(t) || !committed.has(t)).length,
    outOfGlobalOrder,
    streamsOutOfOrder,
  };
}

export const NO_DIFFERENCES: SeenDifferences = { missing: 0, duplicates: 0, rolledBackSeen: 0, outOfGlobalOrder: 0, streamsOutOfOrder: 0 };
