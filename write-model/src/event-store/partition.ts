import { MIGRATION_LOCK } from './pii.ts';
import type { SqlClient, SqlExecutor } from './sql.ts';
import { verifyEventChains } from './verify-chains.ts';

/** The most hash partitions the conversion makes (each is a table with three indexes). */
export const MAX_EVENT_PARTITIONS = 256;

export type PartitionOutcome = {
  /** False when es_events was partitioned already (nothing done). */
  converted: boolean;
  partitions: number;
  events: number;
  /** The unpartitioned table, renamed, when asked to keep it; otherwise it is dropped in the same transaction. */
  keptAs: string | null;
  ms: number;
};

/** How many hash partitions es_events has (0: an ordinary table, or none yet). */
export async function eventPartitions(sql: SqlExecutor): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    `select count(i.inhrelid)::int as n
       from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
       left join pg_inherits i on i.inhparent = c.oid
      where c.relname = 'es_events' and c.relnamespace = 'public'::regnamespace`,
  );
  return row?.n ?? 0;
}

/**
 * Converts es_events into a table hash-partitioned on company_id (issue #28 step 3), in one
 * transaction: the table is locked (appends and reads wait), a partitioned copy is made with every
 * event in (transaction_id, global_position) order and the same positions and transaction ids (so
 * checkpoints stay valid), its identity continues from the old one, the copy is checked (count and a
 * digest of every column, then every hash chain through verifyEventChains on the swapped names), and
 * only then do the names swap. Any failure rolls it all back: the old table is untouched.
 *
 * What moves where, since a partitioned table's unique keys must contain the partition key and
 * company_id is null for platform events (hash partitioning routes null to one partition):
 * - global_position: unique by its identity (generated always; es_append and es_append_one are its only writers), no
 *   longer by a primary key; the unique index (company_id, global_position) checks it per company.
 * - (stream_id, stream_version): unique by es_append (and es_append_one), which take the stream's lock and compare and
 *   sets es_streams (unpartitioned, unchanged); the unique index (stream_id, stream_version,
 *   company_id) checks it again per company (a stream's events carry one company).
 * - event_id: unique per company (event_id, company_id); event ids are random UUIDs made by the append.
 * Null company ids count as equal in these keys (nulls not distinct), as a plain key would.
 */
export async function partitionEventLog(sql: SqlClient, options: { partitions: number; keepOld?: boolean }): Promise<PartitionOutcome> {
  const { partitions } = options;
  if (!Number.isInteger(partitions) || partitions < 2 || partitions > MAX_EVENT_PARTITIONS) {
    throw new Error(`Partitions must be a whole number from 2 to ${MAX_EVENT_PARTITIONS}, not ${partitions}`);
  }
  const started = performance.now();
  return sql.transaction(async (tx) => {
    await tx.exec(MIGRATION_LOCK);
    await tx.exec('lock table es_events in access exclusive mode');
    const existing = await eventPartitions(tx);
    if (existing > 0) {
      const [{ n } = { n: 0 }] = await tx.query<{ n: number }>('select count(*)::int as n from es_events');
      return { converted: false, partitions: existing, events: n, keptAs: null, ms: Math.round(performance.now() - started) };
    }
    const keptAs = 'es_events_unpartitioned';
    if (options.keepOld) {
      const [taken] = await tx.query(`select 1 from pg_class where relname = $1 and relnamespace = 'public'::regnamespace`, [keptAs]);
      if (taken) throw new Error(`${keptAs} exists already: drop it (a kept copy of an earlier conversion) first`);
    }
    await tx.exec(`
      create table es_events_partitioned (
        global_position bigint generated always as identity,
        transaction_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        stream_version int not null,
        event_id uuid not null,
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        company_id uuid,
        recorded_at timestamptz not null default now(),
        hash text
      ) partition by hash (company_id);
      ${Array.from(
        { length: partitions },
        (_, i) =>
          `create table es_events_p${i} partition of es_events_partitioned for values with (modulus ${partitions}, remainder ${i});`,
      ).join('\n')}
      insert into es_events_partitioned
             (global_position, transaction_id, stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash)
      overriding system value
      select global_position, transaction_id, stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash
        from es_events order by transaction_id, global_position;
      -- Positions are never reused: the new identity goes on from where the old one stood.
      select setval(pg_get_serial_sequence('es_events_partitioned', 'global_position'),
                    greatest((select last_value from ${await identitySequence(tx)}), 1),
                    (select is_called from ${await identitySequence(tx)}));
    `);
    const digest = async (table: string) =>
      (
        await tx.query<{ n: string; d: string }>(
          `select count(*)::text as n, coalesce(sum(hashtextextended(concat_ws('|', global_position, transaction_id, stream_id,
                  stream_version, event_id, type, data, metadata, company_id, recorded_at, hash), 0)::numeric), 0)::text as d
             from ${table}`,
        )
      )[0]!;
    const before = await digest('es_events');
    const after = await digest('es_events_partitioned');
    if (before.n !== after.n || before.d !== after.d) {
      throw new Error(
        `The partitioned copy differs (${after.n} events, digest ${after.d}; expected ${before.n}, ${before.d}): nothing changed`,
      );
    }
    // The old table's index names are taken by the new table's indexes, so it goes (or moves aside) first.
    if (options.keepOld) {
      const indexes = await tx.query<{ name: string }>(
        `select indexname as name from pg_indexes where tablename = 'es_events' and schemaname = 'public'`,
      );
      for (const { name } of indexes) await tx.exec(`alter index "${name}" rename to "${name}_unpartitioned"`);
      await tx.exec(`alter table es_events rename to ${keptAs}`);
    } else {
      await tx.exec('drop table es_events');
    }
    await tx.exec(`
      alter table es_events_partitioned rename to es_events;
      create unique index es_events_company_position on es_events (company_id, global_position) nulls not distinct;
      create unique index es_events_event_id_key on es_events (event_id, company_id) nulls not distinct;
      create unique index es_events_stream_id_stream_version_key on es_events (stream_id, stream_version, company_id) nulls not distinct;
      create index es_events_transaction_position on es_events (transaction_id, global_position);
    `);
    const chains = await verifyEventChains(tx);
    if (!chains.ok) {
      const b = chains.firstBroken!;
      throw new Error(
        `A hash chain does not hold after the copy (stream ${b.streamId}, version ${b.version}: ${b.reason}): nothing changed`,
      );
    }
    return {
      converted: true,
      partitions,
      events: Number(after.n),
      keptAs: options.keepOld ? keptAs : null,
      ms: Math.round(performance.now() - started),
    };
  });
}

async function identitySequence(tx: SqlExecutor): Promise<string> {
  const [row] = await tx.query<{ seq: string | null }>(`select pg_get_serial_sequence('es_events', 'global_position') as seq`);
  if (!row?.seq) throw new Error('es_events.global_position has no identity sequence');
  return row.seq;
}
