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
 * Order, as in a transaction of separate statements (append.ts explains why): stream locks in
 * ascending key order before any write (so the xid comes after them), the command claim (a duplicate
 * returns the first result), the version checks, the new subjects' keys (a key someone else created
 * meanwhile is stale: our ciphertext used another key), the events, the command's result (with the
 * types appended, in order of first appearance, so a retry answers exactly the same). The NOTIFY
 * comes after the commit, from the client (wake-up.ts createAppendNotifier says why).
 *
 * p_streams: [{ streamId, expected: 'no_stream' | 'any' | 'stream_exists' | '<n>', tail, count }]
 * p_rows: the event rows as JSON text; p_keys: [{ s: subject id, k: wrapped key (base64) }].
 */
export const APPEND_FUNCTION = `
create or replace function es_append(p_streams jsonb, p_rows text, p_company uuid, p_command text, p_keys jsonb)
returns jsonb language plpgsql as $fn$
declare
  s jsonb;
  v_id text;
  v_expected text;
  v_tail int;
  v_count int;
  v_current int;
  -- Collected as an array and turned into JSON once: jsonb || … per stream copies the whole list each time
  -- (quadratic: 7.5 s of a 5,000-stream append's 10 s in the collections bench).
  v_versions jsonb[] := '{}';
  v_first bigint;
  v_last bigint;
  v_types jsonb;
  v_result jsonb;
  v_keys int;
  v_inserted int;
begin
  perform pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, k)
     from (select distinct ${streamLockKey("x->>'streamId'")} as k from jsonb_array_elements(p_streams) as x order by 1) as keys;
  if p_command is not null then
    insert into es_commands (command_id) values (p_command) on conflict (command_id) do nothing;
    if not found then
      select result into v_result from es_commands where command_id = p_command;
      if v_result is null then raise exception 'Command % is recorded without a result', p_command; end if;
      return v_result || '{"duplicate": true}'::jsonb;
    end if;
  end if;
  for s in select value from jsonb_array_elements(p_streams) loop
    v_id := s->>'streamId';
    v_expected := s->>'expected';
    v_tail := (s->>'tail')::int;
    v_count := (s->>'count')::int;
    select version into v_current from es_streams where stream_id = v_id;
    if v_expected = 'no_stream' then
      if v_current is not null then
        raise exception using errcode = '${APPEND_CONFLICT}', message = 'conflict', detail = jsonb_build_object('streamId', v_id, 'actual', v_current)::text;
      end if;
      insert into es_streams (stream_id, version) values (v_id, v_count);
    elsif v_expected = 'any' or v_expected = 'stream_exists' then
      if v_current is null and v_expected = 'stream_exists' then
        raise exception using errcode = '${APPEND_CONFLICT}', message = 'conflict', detail = jsonb_build_object('streamId', v_id, 'actual', null)::text;
      end if;
      if coalesce(v_current, 0) <> v_tail then
        raise exception using errcode = '${APPEND_STALE}', message = 'stale tail', detail = v_id;
      end if;
      insert into es_streams (stream_id, version) values (v_id, v_tail + v_count)
        on conflict (stream_id) do update set version = excluded.version;
    else
      if v_current is distinct from v_expected::int then
        raise exception using errcode = '${APPEND_CONFLICT}', message = 'conflict', detail = jsonb_build_object('streamId', v_id, 'actual', v_current)::text;
      end if;
      update es_streams set version = v_current + v_count where stream_id = v_id;
    end if;
    v_versions := array_append(v_versions, jsonb_build_object('streamId', v_id, 'version', v_tail + v_count));
  end loop;
  v_keys := coalesce(jsonb_array_length(p_keys), 0);
  if v_keys > 0 then
    insert into es_subject_keys (subject_id, wrapped_key)
    select x->>'s', decode(x->>'k', 'base64') from jsonb_array_elements(p_keys) as x order by 1
    on conflict (subject_id) do nothing;
    get diagnostics v_inserted = row_count;
    if v_inserted < v_keys then
      raise exception using errcode = '${APPEND_STALE}', message = 'stale keys', detail = 'keys';
    end if;
  end if;
  with now_ as materialized (select date_trunc('milliseconds', clock_timestamp()) as ts),
  inserted as (
    insert into es_events (stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash)
    select e.doc->>'streamId', (e.doc->>'streamVersion')::int, (e.doc->>'eventId')::uuid, e.doc->>'type',
           e.doc->'data', e.doc->'metadata', p_company, now_.ts, e.doc->>'hash'
      from jsonb_array_elements(p_rows::jsonb) with ordinality as e(doc, ord) cross join now_
     order by e.ord
    returning global_position, type
  )
  select min(global_position), max(global_position),
         (select jsonb_agg(t order by p) from (select type as t, min(global_position) as p from inserted group by type) as kinds)
    into v_first, v_last, v_types from inserted;
  v_result := jsonb_build_object('duplicate', false, 'streams', to_jsonb(v_versions),
    'firstPosition', v_first, 'lastPosition', v_last, 'eventTypes', v_types,
    'checkpoint', jsonb_build_object('txId', pg_current_xact_id()::text, 'globalPosition', v_last));
  if p_command is not null then
    update es_commands set result = v_result where command_id = p_command;
  end if;
  return v_result;
end
$fn$;
`;
