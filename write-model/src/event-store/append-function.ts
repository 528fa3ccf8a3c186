/** Advisory-lock key space of stream locks ('es_s'); the second key is the stream's bucket (STREAM_LOCK_KEY). */
export const STREAM_LOCK_SPACE = 1702059891;

/**
 * A stream's lock is its bucket's: hashtext(stream_id) in 1,024 buckets. PostgreSQL's lock table is shared by
 * every session and sized max_locks_per_transaction × max_connections (64 × 100 = 6,400 by default), so an
 * append of 50,000 streams (a result file's payments) that took one lock per stream failed with "out of
 * shared memory"; it now takes at most 1,024. Two appends of different streams in one bucket wait for each
 * other (rarely, and briefly); appends of one stream serialize as before. Locks are taken in ascending key
 * order, so appends cannot deadlock.
 */
export const STREAM_LOCK_BUCKETS = 1024;
export const streamLockKey = (streamIdSql: string) => `(hashtext(${streamIdSql}) & ${STREAM_LOCK_BUCKETS - 1})`;

/** SQLSTATEs es_append raises (its statement rolls back, the claim and the keys with it). */
export const APPEND_CONFLICT = 'ESC01';
export const APPEND_STALE = 'ESS01';

/**
 * The append in one statement (one round trip when the caller has no extra writes). The client
 * computes the rows (encryption, hash chain) from the stream tails it read beforehand, optimistically;
 * the function re-checks those tails under the stream locks and raises APPEND_STALE when one moved
 * (the client reads again and retries) or APPEND_CONFLICT when the expected version does not hold.
 *
 * Three statements, whatever the number of streams (each statement a function runs has its own executor
 * start, snapshot and end, about as much again as a small statement's own work: issue #26 measured the
 * statement-per-stream loop and separate claim and result at 363 µs an append, half of it outside the
 * statements):
 * 1. the stream locks, in ascending key order, before any write (so the xid comes after them: readers
 *    order by transaction id, append.ts explains why);
 * 2. the checks, reading only (a new snapshot, after the locks): the command's recorded answer (a
 *    duplicate returns it, nothing written) and the first stream, in the request's order, whose expected
 *    version or tail does not hold;
 * 3. the writes in one statement: every stream's version (insert or update), the new subjects' keys,
 *    the events, and the command with its answer (with the types appended, in order of first
 *    appearance, so a retry answers exactly the same). Two things the checks cannot see are raised as
 *    stale, which rolls the statement back and the client retries: a subject key someone else created
 *    meanwhile (our ciphertext used another key), and the same command id appended at the same moment on
 *    other streams (the retry's checks then find it and answer it as a duplicate).
 * The NOTIFY comes after the commit, from the client (wake-up.ts createAppendNotifier says why).
 *
 * p_streams: [{ streamId, expected: 'no_stream' | 'any' | 'stream_exists' | '<n>', tail, count }]
 * p_events: the events by column, in order, each an array: s stream id, v version, e event id, t type, d data,
 *   i the index of its metadata in m, h hash; m the distinct metadata (an append's events mostly share one).
 *   By column rather than as an array of row objects: PostgreSQL built a 1,000-event append's 595 kB of row
 *   objects into jsonb in about as long as the inserts took, and the shared metadata 1,000 times (issue #26).
 *   The columns must be as long as the streams' counts add up to (checked: an old client's rows fail loudly).
 * p_keys: [{ s: subject id, k: wrapped key (base64) }].
 */
export const APPEND_FUNCTION = `
drop function if exists es_append(jsonb, text, uuid, text, jsonb);
create or replace function es_append(p_streams jsonb, p_events jsonb, p_company uuid, p_command text, p_keys jsonb)
returns jsonb language plpgsql as $fn$
declare
  v_result jsonb;
  -- The first stream whose check fails: { streamId, actual, stale } (stale: the tail moved; otherwise a conflict).
  v_refused jsonb;
  v_keys int := coalesce(jsonb_array_length(p_keys), 0);
  v_keys_inserted int;
  v_claimed int;
  -- The events the streams' counts add up to, and the events' columns' length.
  v_counted int;
  v_count int;
  -- The distinct metadata, held once: p_events->'m' in the insert would copy the whole array for each row
  -- (an import chunk's 500 events each have their own, for their personal-data markings).
  v_metadata jsonb;
begin
  perform pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, k)
     from (select distinct ${streamLockKey("x->>'streamId'")} as k from jsonb_array_elements(p_streams) as x order by 1) as keys;
  select (select c.result from es_commands c where p_command is not null and c.command_id = p_command),
         (select jsonb_build_object('streamId', r.id, 'actual', r.current, 'stale', r.stale)
            from (select x.doc->>'streamId' as id, s.version as current, x.ord,
                         case x.doc->>'expected'
                           when 'no_stream' then case when s.version is null then null else false end
                           when 'stream_exists' then case when s.version is null then false
                                                          when s.version <> (x.doc->>'tail')::int then true end
                           when 'any' then case when coalesce(s.version, 0) <> (x.doc->>'tail')::int then true end
                           else case when s.version is distinct from (x.doc->>'expected')::int then false end
                         end as stale
                    from jsonb_array_elements(p_streams) with ordinality as x(doc, ord)
                    left join es_streams s on s.stream_id = x.doc->>'streamId') as r
           where r.stale is not null
           order by r.ord limit 1),
         (select sum((x->>'count')::int) from jsonb_array_elements(p_streams) as x)
    into v_result, v_refused, v_counted;
  if v_result is not null then
    return v_result || '{"duplicate": true}'::jsonb;
  end if;
  v_count := jsonb_array_length(p_events->'e');
  v_metadata := p_events->'m';
  if v_count is distinct from v_counted or v_count is distinct from jsonb_array_length(p_events->'s')
     or v_count is distinct from jsonb_array_length(p_events->'v') or v_count is distinct from jsonb_array_length(p_events->'t')
     or v_count is distinct from jsonb_array_length(p_events->'d') or v_count is distinct from jsonb_array_length(p_events->'i')
     or v_count is distinct from jsonb_array_length(p_events->'h') then
    raise exception 'es_append: the events'' columns do not match the streams'' counts';
  end if;
  if v_refused is not null then
    if (v_refused->>'stale')::boolean then
      raise exception using errcode = '${APPEND_STALE}', message = 'stale tail', detail = v_refused->>'streamId';
    end if;
    raise exception using errcode = '${APPEND_CONFLICT}', message = 'conflict', detail = (v_refused - 'stale')::text;
  end if;
  with streams as (
    insert into es_streams (stream_id, version)
    select x->>'streamId', (x->>'tail')::int + (x->>'count')::int from jsonb_array_elements(p_streams) as x
    on conflict (stream_id) do update set version = excluded.version
  ),
  subject_keys as (
    insert into es_subject_keys (subject_id, wrapped_key)
    select x->>'s', decode(x->>'k', 'base64') from jsonb_array_elements(coalesce(p_keys, '[]')) as x order by 1
    on conflict (subject_id) do nothing
    returning 1
  ),
  now_ as materialized (select date_trunc('milliseconds', clock_timestamp()) as ts),
  inserted as (
    insert into es_events (stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash)
    select r.s, r.v::int, r.e::uuid, r.t, r.d, v_metadata->(r.i::int), p_company, now_.ts, r.h
      from rows from (jsonb_array_elements_text(p_events->'s'), jsonb_array_elements_text(p_events->'v'),
                      jsonb_array_elements_text(p_events->'e'), jsonb_array_elements_text(p_events->'t'),
                      jsonb_array_elements(p_events->'d'), jsonb_array_elements_text(p_events->'i'),
                      jsonb_array_elements_text(p_events->'h')) with ordinality as r(s, v, e, t, d, i, h, ord)
           cross join now_
     order by r.ord
    returning global_position, type
  ),
  answer as (
    select jsonb_build_object('duplicate', false,
             'streams', (select jsonb_agg(jsonb_build_object('streamId', x->>'streamId', 'version', (x->>'tail')::int + (x->>'count')::int) order by ord)
                           from jsonb_array_elements(p_streams) with ordinality as s(x, ord)),
             'firstPosition', min(global_position), 'lastPosition', max(global_position),
             'eventTypes', (select jsonb_agg(t order by p) from (select type as t, min(global_position) as p from inserted group by type) as kinds),
             'checkpoint', jsonb_build_object('txId', pg_current_xact_id()::text, 'globalPosition', max(global_position))) as result
      from inserted
  ),
  claim as (
    insert into es_commands (command_id, result)
    select p_command, result from answer where p_command is not null
    on conflict (command_id) do nothing
    returning 1
  )
  select answer.result, (select count(*) from subject_keys), (select count(*) from claim)
    into v_result, v_keys_inserted, v_claimed
    from answer;
  if v_keys_inserted < v_keys then
    raise exception using errcode = '${APPEND_STALE}', message = 'stale keys', detail = 'keys';
  end if;
  if p_command is not null and v_claimed = 0 then
    raise exception using errcode = '${APPEND_STALE}', message = 'command appended meanwhile', detail = p_command;
  end if;
  return v_result;
end
$fn$;
`;
