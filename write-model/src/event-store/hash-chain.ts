import { hash as cryptoHash } from 'node:crypto';
import type { SqlExecutor } from './sql.ts';

/**
 * Tamper evidence: every event carries `hash` = SHA-256 of the previous event's hash in the same
 * stream and this event's canonical content (stream, version, event id, type, data as stored — so
 * ciphertext for personal fields — and metadata). Editing, inserting or deleting a stored event
 * breaks the chain from that event on. Erasure destroys keys, never rows, so it breaks nothing.
 *
 * The append computes it in JS from the previous hash, read under the stream lock it already holds.
 */
export type ChainContent = {
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
};

/**
 * JSON with object keys sorted at every level and no whitespace: the same text for a value before
 * it is stored and after jsonb has reordered its keys. Follows JSON.stringify's rules otherwise
 * (toJSON, undefined members left out, undefined in arrays as null), since the stored row is that.
 */
export function canonicalJson(value: unknown): string {
  // One pass, appending to one string (no intermediate arrays): the append hashes every event with it.
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += isSkipped(item) ? 'null' : canonicalJson(item);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!isSorted(keys)) keys.sort();
  let out = '{';
  for (const key of keys) {
    const member = record[key];
    if (isSkipped(member)) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}

/** True when the keys are in the order sort() gives (UTF-16 code units), as they often are already. */
function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** The chain link of one event; `previous` is null for a stream's first event. */
export function chainHash(previous: string | null, content: ChainContent): string {
  return chainLink(previous, content).hash;
}

/**
 * The chain link and the canonical text it hashes: the event's six fields as one JSON object. The object's
 * text is written here in its sorted key order (data, eventId, metadata, streamId, streamVersion, type) rather
 * than by canonicalJson of a new object, and an append's events that share their metadata pass its text once
 * (`metadataText`): a batch of 1,000 events spent a third of its JavaScript in canonicalJson (issue #26). The
 * append passes the data's text too (`dataText`): it sends the same texts as the stored data and metadata, so
 * the link is over exactly what is stored, serialised once.
 */
export function chainLink(
  previous: string | null,
  content: ChainContent,
  metadataText: string = canonicalJson(content.metadata),
  dataText: string | null = memberText(content.data),
): { hash: string; canonical: string } {
  let canonical = '{';
  canonical = withMember(canonical, 'data', dataText);
  canonical = withMember(canonical, 'eventId', memberText(content.eventId));
  canonical = withMember(canonical, 'metadata', isSkipped(content.metadata) ? null : metadataText);
  canonical = withMember(canonical, 'streamId', memberText(content.streamId));
  canonical = withMember(canonical, 'streamVersion', memberText(content.streamVersion));
  canonical = withMember(canonical, 'type', memberText(content.type));
  canonical += '}';
  // One call over the same bytes as update(previous), update('\n'), update(canonical): no Hash object an event.
  const hash = cryptoHash('sha256', `${previous ?? ''}\n${canonical}`, 'hex');
  return { hash, canonical };
}

/** The object text so far with a member added (none where `text` is null); a function, not a closure made per link. */
function withMember(canonical: string, key: string, text: string | null): string {
  if (text === null) return canonical;
  return canonical.length > 1 ? `${canonical},"${key}":${text}` : `${canonical}"${key}":${text}`;
}

/** A member's canonical text, or null where canonicalJson leaves the member out. */
function memberText(value: unknown): string | null {
  return isSkipped(value) ? null : canonicalJson(value);
}

/** The stored hashes of the events just before an append's first new versions (streams that already had events). */
export async function previousHashes(tx: SqlExecutor, tails: { streamId: string; version: number }[]): Promise<Map<string, string | null>> {
  const wanted = tails.filter((t) => t.version > 0);
  const found = new Map<string, string | null>();
  if (wanted.length === 0) return found;
  const rows = await tx.query<{ stream_id: string; hash: string | null }>(
    `select e.stream_id, e.hash from es_events e
       join unnest($1::text[], $2::int[]) as t(stream_id, version) on e.stream_id = t.stream_id and e.stream_version = t.version`,
    [wanted.map((t) => t.streamId), wanted.map((t) => t.version)],
  );
  for (const row of rows) found.set(row.stream_id, row.hash);
  return found;
}

type RawRow = {
  global_position: number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string | null;
  prev_hash?: string | null;
};

const BACKFILL_BATCH = 1_000;

/**
 * Upgrades a database whose events predate the chain: adds the column and computes the links of
 * every event without one, stream by stream in version order. Deterministic, so two processes
 * starting together write the same values; runs to nothing once done.
 */
export async function migrateHashChain(sql: SqlExecutor): Promise<void> {
  await sql.exec(`alter table es_events add column if not exists hash text;`);
  for (;;) {
    const rows = await sql.query<RawRow>(
      `select e.global_position, e.stream_id, e.stream_version, e.event_id::text as event_id, e.type, e.data, e.metadata,
              e.hash, p.hash as prev_hash
         from es_events e
         left join es_events p on p.stream_id = e.stream_id and p.stream_version = e.stream_version - 1
        where e.hash is null
        order by e.stream_id, e.stream_version
        limit ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return;
    const computed = new Map<string, string>();
    const links = rows.map((row) => {
      const key = `${row.stream_id}\u0000${row.stream_version - 1}`;
      const previous = row.stream_version === 1 ? null : (computed.get(key) ?? row.prev_hash ?? null);
      const hash = chainHash(previous, contentOf(row));
      computed.set(`${row.stream_id}\u0000${row.stream_version}`, hash);
      return { p: row.global_position, h: hash };
    });
    await sql.query(
      `update es_events e set hash = x.h
         from jsonb_to_recordset($1::text::jsonb) as x(p bigint, h text)
        where e.global_position = x.p and e.hash is null`,
      [JSON.stringify(links)],
    );
  }
}

export function contentOf(row: Pick<RawRow, 'stream_id' | 'stream_version' | 'event_id' | 'type' | 'data' | 'metadata'>): ChainContent {
  return {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
