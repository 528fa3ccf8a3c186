import { chainHash, contentOf } from './hash-chain.ts';
import type { SqlExecutor } from './sql.ts';

export type BrokenLink = {
  streamId: string;
  version: number;
  /** The event where the chain breaks (for a missing tail, the stream's last stored event; 0 when none). */
  globalPosition: number;
  reason: 'missing hash' | 'hash mismatch' | 'version gap' | 'stream version mismatch';
};

export type ChainVerification = {
  ok: boolean;
  streamsChecked: number;
  eventsChecked: number;
  /** The broken link earliest in the global order. */
  firstBroken: BrokenLink | null;
  brokenCount: number;
  checkedAt: Date;
};

type Row = {
  global_position: number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string | null;
};

const BATCH = 2_000;

/**
 * Recomputes every chain from the stored rows: an edited event (data, metadata, type, id, version)
 * gives a hash mismatch there, a deleted event a version gap (or, at a stream's end, a stream
 * version that no longer matches es_streams), an inserted or reordered one a mismatch.
 * `companyId` limits the check to the streams that company's events are on (whole streams).
 */
export async function verifyEventChains(sql: SqlExecutor, options: { companyId?: string } = {}): Promise<ChainVerification> {
  const scope = options.companyId
    ? `and e.stream_id in (select distinct stream_id from es_events where company_id = $3::uuid)`
    : `and $3::uuid is null`;
  const company = options.companyId ?? null;
  let after: { streamId: string; version: number } = { streamId: '', version: 0 };
  let current: { streamId: string; expected: number; previous: string | null; position: number } | null = null;
  const broken: BrokenLink[] = [];
  let brokenStream: string | null = null;
  let streams = 0;
  let events = 0;
  const lastOf = new Map<string, { version: number; position: number }>();

  const report = (link: BrokenLink) => {
    if (brokenStream === link.streamId) return; // the first break of a stream is its break
    brokenStream = link.streamId;
    broken.push(link);
  };

  for (;;) {
    const rows = await sql.query<Row>(
      `select e.global_position, e.stream_id, e.stream_version, e.event_id::text as event_id, e.type, e.data, e.metadata, e.hash
         from es_events e
        where (e.stream_id, e.stream_version) > ($1::text, $2::int) ${scope}
        order by e.stream_id, e.stream_version
        limit ${BATCH}`,
      [after.streamId, after.version, company],
    );
    for (const row of rows) {
      events++;
      const position = Number(row.global_position);
      if (!current || current.streamId !== row.stream_id) {
        streams++;
        current = { streamId: row.stream_id, expected: 1, previous: null, position };
      }
      if (row.stream_version !== current.expected) {
        report({ streamId: row.stream_id, version: current.expected, globalPosition: position, reason: 'version gap' });
      } else if (!row.hash) {
        report({ streamId: row.stream_id, version: row.stream_version, globalPosition: position, reason: 'missing hash' });
      } else if (chainHash(current.previous, contentOf(row)) !== row.hash) {
        report({ streamId: row.stream_id, version: row.stream_version, globalPosition: position, reason: 'hash mismatch' });
      }
      current.expected = row.stream_version + 1;
      current.previous = row.hash;
      lastOf.set(row.stream_id, { version: row.stream_version, position });
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) break;
    after = { streamId: last.stream_id, version: last.stream_version };
  }

  // Events deleted from the end of a stream leave no gap: es_streams still counts them.
  const mismatched = await sql.query<{ stream_id: string; version: number }>(
    `select s.stream_id, s.version from es_streams s
      where s.version <> coalesce((select max(e.stream_version) from es_events e where e.stream_id = s.stream_id), 0)
        ${options.companyId ? `and s.stream_id in (select distinct stream_id from es_events where company_id = $1::uuid)` : `and $1::uuid is null`}`,
    [company],
  );
  for (const row of mismatched) {
    const last = lastOf.get(row.stream_id);
    broken.push({
      streamId: row.stream_id,
      version: (last?.version ?? 0) + 1,
      globalPosition: last?.position ?? 0,
      reason: 'stream version mismatch',
    });
  }

  broken.sort((a, b) => a.globalPosition - b.globalPosition);
  return {
    ok: broken.length === 0,
    streamsChecked: streams,
    eventsChecked: events,
    firstBroken: broken[0] ?? null,
    brokenCount: broken.length,
    checkedAt: new Date(),
  };
}
