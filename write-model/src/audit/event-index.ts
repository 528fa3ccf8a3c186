import type { SqlExecutor } from '../event-store/sql.ts';

/**
 * Lookups over es_events' plain columns (company, type, actor, time, stream, version): which events
 * an audit question is about. Their content is then read through the event store port (decrypted,
 * '[erased]' after erasure); nothing here reads personal data.
 */
export type EventRef = { globalPosition: number; streamId: string; streamVersion: number };

export type CompanyEventFilter = {
  companyId: string;
  type?: string | null;
  actorId?: string | null;
  from?: Date | null;
  to?: Date | null;
};

function where(filter: CompanyEventFilter, params: unknown[]): string {
  params.push(filter.companyId);
  const clauses = [`company_id = $${params.length}::uuid`];
  if (filter.type) {
    params.push(filter.type);
    clauses.push(`type = $${params.length}`);
  }
  if (filter.actorId) {
    params.push(filter.actorId);
    clauses.push(`metadata->>'actorUserId' = $${params.length}`);
  }
  if (filter.from) {
    params.push(filter.from.toISOString());
    clauses.push(`recorded_at >= $${params.length}::timestamptz`);
  }
  if (filter.to) {
    params.push(filter.to.toISOString());
    clauses.push(`recorded_at <= $${params.length}::timestamptz`);
  }
  return clauses.join(' and ');
}

/** A page of the company's events in global order, after a position (keyset on es_events_company_position). */
export async function companyEventPage(
  sql: SqlExecutor,
  filter: CompanyEventFilter,
  page: { afterPosition: number; first: number },
): Promise<{ refs: EventRef[]; totalCount: number; hasNextPage: boolean }> {
  const params: unknown[] = [];
  const condition = where(filter, params);
  const countParams = [...params];
  params.push(page.afterPosition, page.first + 1);
  const rows = await sql.query<{ global_position: number; stream_id: string; stream_version: number }>(
    `select global_position, stream_id, stream_version from es_events
      where ${condition} and global_position > $${params.length - 1}
      order by global_position limit $${params.length}`,
    params,
  );
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from es_events where ${condition}`, countParams);
  const refs = rows.slice(0, page.first).map((r) => ({
    globalPosition: Number(r.global_position),
    streamId: r.stream_id,
    streamVersion: r.stream_version,
  }));
  return { refs, totalCount: count?.n ?? 0, hasNextPage: rows.length > page.first };
}

export async function companyEventTypes(sql: SqlExecutor, companyId: string): Promise<string[]> {
  const rows = await sql.query<{ type: string }>(`select distinct type from es_events where company_id = $1::uuid order by type`, [
    companyId,
  ]);
  return rows.map((r) => r.type);
}

/** Whether any event of the stream was recorded for the company (a stream belongs to one company). */
export async function streamBelongsTo(sql: SqlExecutor, streamId: string, companyId: string): Promise<boolean> {
  const rows = await sql.query(`select 1 from es_events where stream_id = $1 and company_id = $2::uuid limit 1`, [streamId, companyId]);
  return rows.length > 0;
}

/** Every event carrying personal data of these data subjects (their markings name them). */
export async function eventsOfSubjects(sql: SqlExecutor, subjectIds: readonly string[]): Promise<(EventRef & { type: string })[]> {
  if (subjectIds.length === 0) return [];
  const rows = await sql.query<{ global_position: number; stream_id: string; stream_version: number; type: string }>(
    `select global_position, stream_id, stream_version, type from es_events
      where metadata->'pii' is not null
        and exists (select 1 from jsonb_array_elements(metadata->'pii') as m where m->>'subjectId' = any($1::text[]))
      order by global_position`,
    [subjectIds],
  );
  return rows.map((r) => ({
    globalPosition: Number(r.global_position),
    streamId: r.stream_id,
    streamVersion: r.stream_version,
    type: r.type,
  }));
}
