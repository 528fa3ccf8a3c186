import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const WRITERS = 16;

/** The physical limit's table: the event table's columns, no constraints beyond a key, no triggers. */
const RAW_TABLE = `create table if not exists bench_raw_events (
  global_position bigserial primary key, stream_id text not null, stream_version int not null, event_id uuid not null,
  type text not null, data jsonb not null, metadata jsonb not null, company_id uuid, recorded_at timestamptz not null default now(), hash text)`;

/** A payment-sized event body, the same for every contender. */
function eventData(writer: number, i: number) {
  return { paymentId: randomUUID(), policyId: randomUUID(), amount: '120.00', paymentDate: '2025-03-01', method: 'debit_order', writer, i };
}

/** Runs `perWriter` single appends on each of 16 concurrent writers; events per second. */
async function race(perWriter: number, append: (writer: number, i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; i < perWriter; i++) await append(writer, i);
    }),
  );
  return (WRITERS * perWriter) / ((performance.now() - started) / 1000);
}

/**
 * Issue #11 §1: single-event appends with an expected version, 16 writers each on its own stream,
 * against the physical limit (a single-row INSERT commit into a plain table with the same columns)
 * and Emmett (PostgreSQL server only: it needs node-postgres, PGlite has no socket).
 */
export async function appendSuite({ db, options, log }: SuiteContext): Promise<Figure[]> {
  const { sql, store } = db;
  const perWriter = options.appendsPerWriter;
  await sql.exec(RAW_TABLE);
  const run = randomUUID().slice(0, 8);

  const raw = await race(perWriter, (writer, i) =>
    sql.query(
      `insert into bench_raw_events (stream_id, stream_version, event_id, type, data, metadata, company_id, hash)
       values ($1, $2, $3, 'PaymentRecorded', $4::text::jsonb, $5::text::jsonb, null, $6)`,
      [
        `raw-${run}-${writer}`,
        i + 1,
        randomUUID(),
        JSON.stringify(eventData(writer, i)),
        JSON.stringify({ commandId: randomUUID() }),
        'x'.repeat(64),
      ],
    ),
  );
  log(`append raw: ${Math.round(raw)} ev/s`);

  const product = await race(perWriter, (writer, i) =>
    store.append(
      [
        {
          streamId: `bench-${run}-${writer}`,
          expectedVersion: i === 0 ? 'no_stream' : i,
          events: [{ type: 'BenchPaymentRecorded', data: eventData(writer, i) }],
        },
      ],
      { commandId: randomUUID(), companyId: null, actorUserId: null },
    ),
  );
  log(`append product: ${Math.round(product)} ev/s`);

  const figures: Figure[] = [
    { suite: 'append', metric: `raw INSERT commits, ${WRITERS} writers`, value: round(raw, 0), unit: 'ev/s' },
    {
      suite: 'append',
      metric: `event store, ${WRITERS} writers, expected version`,
      value: round(product, 0),
      unit: 'ev/s',
      ratio: { value: round(product / raw), over: 'raw' },
      target: '≥ 0.7× raw',
      met: db.driver === 'postgres' ? product / raw >= 0.7 : null,
    },
  ];
  if (db.url) {
    // The same pool size as the product's writers get, so the pool is not what differs.
    const pool = new pg.Pool({ connectionString: db.url, max: WRITERS });
    const emmett = getPostgreSQLEventStore(db.url, { connectionOptions: { pool } });
    await emmett.appendToStream(`warmup-${run}`, [{ type: 'Warmup', data: {} }]); // creates its schema
    const peer = await race(perWriter, (writer, i) =>
      emmett.appendToStream(`emmett-${run}-${writer}`, [{ type: 'BenchPaymentRecorded', data: eventData(writer, i) }], {
        expectedStreamVersion: BigInt(i),
      }),
    );
    await emmett.close();
    await pool.end().catch(() => {});
    log(`append emmett: ${Math.round(peer)} ev/s`);
    figures.push({ suite: 'append', metric: `Emmett ${WRITERS} writers, expected version`, value: round(peer, 0), unit: 'ev/s' });
    figures.push({
      suite: 'append',
      metric: 'event store over Emmett',
      value: round(product, 0),
      unit: 'ev/s',
      ratio: { value: round(product / peer), over: 'Emmett' },
      target: '≥ 1.5× Emmett',
      met: product / peer >= 1.5,
    });
  } else {
    figures.push({ suite: 'append', metric: 'Emmett', value: NaN, unit: '', note: 'PostgreSQL server only (BENCH_DATABASE_URL)' });
  }
  return figures;
}

/**
 * Issue #11 §1: batch appends of 1,000 events (one transaction each, 10 streams of 100), against the
 * same 1,000 rows written by one INSERT ... SELECT from a JSON array into the plain table (the limit).
 */
export async function batchSuite({ db, options, log }: SuiteContext): Promise<Figure[]> {
  const run = randomUUID().slice(0, 8);
  await sql(db).exec(RAW_TABLE);
  let started = performance.now();
  for (let b = 0; b < options.batches; b++) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      s: `rawbatch-${run}-${b}-${i % 10}`,
      v: 1 + Math.floor(i / 10),
      e: randomUUID(),
      d: eventData(i % 10, i),
      m: { commandId: run },
      h: 'x'.repeat(64),
    }));
    await db.sql.query(
      `insert into bench_raw_events (stream_id, stream_version, event_id, type, data, metadata, hash)
       select x->>'s', (x->>'v')::int, (x->>'e')::uuid, 'PaymentRecorded', x->'d', x->'m', x->>'h' from jsonb_array_elements($1::text::jsonb) as x`,
      [JSON.stringify(rows)],
    );
  }
  const raw = (options.batches * 1000) / ((performance.now() - started) / 1000);
  started = performance.now();
  for (let b = 0; b < options.batches; b++) {
    const streams = Array.from({ length: 10 }, (_, s) => ({
      streamId: `batch-${run}-${b}-${s}`,
      expectedVersion: 'no_stream' as const,
      events: Array.from({ length: 100 }, (_, i) => ({ type: 'BenchPaymentRecorded', data: eventData(s, i) })),
    }));
    await db.store.append(streams, { commandId: randomUUID(), companyId: null, actorUserId: null });
  }
  const rate = (options.batches * 1000) / ((performance.now() - started) / 1000);
  log(`batch: ${Math.round(rate)} ev/s; raw ${Math.round(raw)} ev/s`);
  return [
    { suite: 'batch', metric: 'raw INSERT of 1,000 rows from JSON', value: round(raw, 0), unit: 'ev/s' },
    {
      suite: 'batch',
      metric: 'appends of 1,000 events',
      value: round(rate, 0),
      unit: 'ev/s',
      ratio: { value: round(rate / raw), over: 'raw' },
      target: '≥ 50,000 ev/s',
      met: db.driver === 'postgres' ? rate >= 50_000 : null,
    },
  ];
}

const sql = (db: SuiteContext['db']) => db.sql;
