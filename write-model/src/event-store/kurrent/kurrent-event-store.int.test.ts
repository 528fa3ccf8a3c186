import { randomBytes } from 'node:crypto';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { eventStoreConformance, type FixtureVariant } from '../event-store.conformance.ts';
import { createKeyring } from '../pii.ts';
import { pgliteDriver, serverDriver } from '../../testing/databases.ts';
import { commandEventId, toCheckpoint, toPosition, toStreamState } from './kurrent-mapping.ts';
import { createKurrentEventStore } from './kurrent-event-store.ts';

/**
 * The conformance suite against a KurrentDB server named by EVENTSTORE_URL (e.g.
 * esdb://localhost:2113?tls=false). Keys and command ids go to PostgreSQL: the server in
 * TEST_DATABASE_URL, or PGlite. Without EVENTSTORE_URL the suite is skipped, and says so.
 */
const url = process.env.EVENTSTORE_URL?.trim() || null;
const suite = url ? describe : describe.skip;

suite(
  url ? `KurrentDB event store at ${url}` : 'KurrentDB event store (skipped: set EVENTSTORE_URL to a KurrentDB 25.1+ server to run it)',
  () => {
    const driver = serverDriver() ?? pgliteDriver;
    const makeStore = async (variant: FixtureVariant = {}) => {
      const db = await driver.create();
      const keyring = await createKeyring(db.sql, randomBytes(32));
      const store = await createKurrentEventStore({
        connectionString: url!,
        sql: db.sql,
        keyring,
        pollIntervalMs: variant.pollIntervalMs ?? 50,
        liveSubscription: variant.notifications !== false,
      });
      const raw = KurrentDBClient.connectionString(url!);
      return {
        store,
        sql: db.sql,
        keyring,
        hooksSeeEvents: false,
        startsEmpty: false,
        async storedEvents(streamId: string) {
          const out: { text: string; data: Record<string, unknown> }[] = [];
          try {
            for await (const resolved of raw.readStream(streamId)) {
              const e = resolved.event!;
              out.push({ text: JSON.stringify({ data: e.data, metadata: e.metadata }), data: e.data as Record<string, unknown> });
            }
          } catch {
            // no stream: nothing stored
          }
          return out;
        },
        async dispose() {
          await store.close();
          await raw.dispose();
          await db.dispose();
        },
      };
    };
    eventStoreConformance('KurrentDB', makeStore);
  },
);

describe('KurrentDB mapping (no server needed)', () => {
  it('orders checkpoints as $all orders positions, and round-trips them', () => {
    const position = { commit: 9_007_199_254_740_000n, prepare: 9_007_199_254_740_000n };
    expect(toPosition(toCheckpoint(position))).toEqual(position);
    expect(toCheckpoint({ commit: 120n, prepare: 80n })).toEqual({ txId: '120', globalPosition: 80 });
  });

  it('maps expected versions (1-based) onto revisions (0-based)', () => {
    expect(toStreamState(0)).toBe('no_stream');
    expect(toStreamState(3)).toBe(2n);
    expect(toStreamState('stream_exists')).toBe('stream_exists');
    expect(toStreamState('any')).toBe('any');
  });

  it('derives the same event ids from the same command, and different ones otherwise', () => {
    const a = commandEventId('cmd-1', 'member-1', 0);
    expect(a).toBe(commandEventId('cmd-1', 'member-1', 0));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(
      new Set([a, commandEventId('cmd-1', 'member-1', 1), commandEventId('cmd-1', 'member-2', 0), commandEventId('cmd-2', 'member-1', 0)])
        .size,
    ).toBe(4);
  });
});
