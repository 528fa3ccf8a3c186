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
/** es_append_one: the command id is already recorded (its statement rolled back); the client answers with the recorded result. */
export const APPEND_DUPLICATE = 'ESD01';

/**
 * Whether a stream's check fails, from its request's expected version and tail and its stored version
 * (null for no stream): null when it holds, true when the tail moved (stale: retry), false for a conflict.
 */
const refusalOf = (expected: string, tail: string, current: string) => `case ${expected}
    when 'no_stream' then case when ${current} is null then null else false end
    when 'stream_exists' then case when ${current} is null then false when ${current} <> ${tail} then true end
    when 'any' then case when coalesce(${current}, 0) <> ${tail} then true end
    else case when ${current} is distinct from (${expected})::int then false end
  end`;

/** The new subjects' keys; one someone else created meanwhile is not inserted (the caller raises stale). */
const INSERT_KEYS = `insert into es_subject_keys (subject_id, wrapped_key)
    select x->>'s', decode(x->>'k', 'base64') from jsonb_array_elements(coalesce(p_keys, '[]')) as x order by 1
    on conflict (subject_id) do nothing`;

/** The events' columns as es_append writes them. */
const INSERT_EVENT_ROWS = `insert into es_events (stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash)`;

/** The events of p_events, in order, recorded at v_now; their global positions and types returned. */
const INSERT_EVENTS = `${INSERT_EVENT_ROWS}
    select r.s, r.v::int, r.e::uuid, r.t, r.d, v_metadata->(r.i::int), p_company, v_now, r.h
      from rows from (jsonb_array_elements_text(p_events->'s'), jsonb_array_elements_text(p_events->'v'),
                      jsonb_array_elements_text(p_events->'e'), jsonb_array_elements_text(p_events->'t'),
                      jsonb_array_elements(p_events->'d'), jsonb_array_elements_text(p_events->'i'),
                      jsonb_array_elements_text(p_events->'h')) with ordinality as r(s, v, e, t, d, i, h, ord)
     order by r.ord
    returning global_position, type`;

/** The types the inserted events have, in order of first appearance. */
const INSERTED_TYPES = `(select jsonb_agg(t order by p) from (select type as t, min(global_position) as p from inserted group by type) as kinds)`;

/** The answer of an append (and of its duplicates, which add "duplicate": true). */
const answerOf = (streams: string, first: string, last: string, types: string) =>
  `jsonb_build_object('duplicate', false, 'streams', ${streams}, 'firstPosition', ${first}, 'lastPosition', ${last},
     'eventTypes', ${types}, 'checkpoint', jsonb_build_object('txId', pg_current_xact_id()::text, 'globalPosition', ${last}))`;

/**
 * One event to one stream, which is most commands (a payment, a status change, a claim's step): es_append's checks
 * and writes with the event's columns as parameters of their own, and with the checks made by the writes. The
 * stream's version moves only from the tail the client built its row on (an update where the version is that tail,
 * or an insert of a new stream that does nothing if one exists); only when it does not move are the stream and the
 * command read, to answer a retried command with its recorded result, or to tell a stale tail from a conflict. The
 * command id is claimed last, with the answer: if it is already recorded the statement raises APPEND_DUPLICATE,
 * which rolls back everything it wrote, and the client reads the recorded answer (a retry whose stream still stands
 * where the first attempt left it, or the same command sent to another stream at the same moment). In pgbench, 16
 * clients on 2 cores: 2,750–2,890 appends a second through es_append, 3,050–3,690 this way (issue #26).
 */
const APPEND_ONE_FUNCTION = `
create or replace function es_append_one(p_stream text, p_expected text, p_tail int, p_event_id uuid, p_type text, p_data jsonb,
                                         p_metadata jsonb, p_hash text, p_company uuid, p_command text, p_keys jsonb)
returns jsonb language plpgsql as $fn$
declare
  v_version int := p_tail + 1;
  v_moved int := 0;
  v_keys int := coalesce(jsonb_array_length(p_keys), 0);
  v_keys_inserted int := 0;
  v_claimed int := 0;
  v_current int;
  v_stale boolean;
  v_first bigint;
  v_result jsonb;
begin
  perform pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, ${streamLockKey('p_stream')});
  if p_tail = 0 and p_expected in ('no_stream', 'any') then
    insert into es_streams (stream_id, version) values (p_stream, v_version) on conflict (stream_id) do nothing;
    get diagnostics v_moved = row_count;
  elsif p_expected <> 'no_stream' then
    update es_streams set version = v_version where stream_id = p_stream and version = p_tail;
    get diagnostics v_moved = row_count;
  end if;
  if v_moved = 0 then
    select (select c.result from es_commands c where p_command is not null and c.command_id = p_command),
           (select s.version from es_streams s where s.stream_id = p_stream)
      into v_result, v_current;
    if v_result is not null then
      return v_result || '{"duplicate": true}'::jsonb;
    end if;
    v_stale := ${refusalOf('p_expected', 'p_tail', 'v_current')};
    if v_stale then
      raise exception using errcode = '${APPEND_STALE}', message = 'stale tail', detail = p_stream;
    end if;
    raise exception using errcode = '${APPEND_CONFLICT}', message = 'conflict',
      detail = jsonb_build_object('streamId', p_stream, 'actual', v_current)::text;
  end if;
  if v_keys > 0 then
    ${INSERT_KEYS};
    get diagnostics v_keys_inserted = row_count;
    if v_keys_inserted < v_keys then
      raise exception using errcode = '${APPEND_STALE}', message = 'stale keys', detail = 'keys';
    end if;
  end if;
  ${INSERT_EVENT_ROWS}
  values (p_stream, v_version, p_event_id, p_type, p_data, p_metadata, p_company, date_trunc('milliseconds', clock_timestamp()), p_hash)
  returning global_position into v_first;
  v_result := ${answerOf("jsonb_build_array(jsonb_build_object('streamId', p_stream, 'version', v_version))", 'v_first', 'v_first', 'jsonb_build_array(p_type)')};
  if p_command is not null then
    insert into es_commands (command_id, result) values (p_command, v_result) on conflict (command_id) do nothing;
    get diagnostics v_claimed = row_count;
    if v_claimed = 0 then
      raise exception using errcode = '${APPEND_DUPLICATE}', message = 'command already appended', detail = p_command;
    end if;
  end if;
  return v_result;
end
$fn$;
`;

/**
 * The append in one statement (one round trip when the caller has no extra writes). The client
 * computes the rows (encryption, hash chain) from the stream tails it read beforehand, optimistically;
 * the function re-checks those tails under the stream locks and raises APPEND_STALE when one moved
 * (the client reads again and retries) or APPEND_CONFLICT when the expected version does not hold.
 *
 * The steps, in this order:
 * 1. the stream locks, in ascending key order, before any write (so the xid comes after them: readers
 *    order by transaction id, append.ts explains why);
 * 2. the checks, reading only (a new snapshot, after the locks): the command's recorded answer (a
 *    duplicate returns it, nothing written) and the first stream, in the request's order, whose expected
 *    version or tail does not hold;
 * 3. the writes: every stream's version (insert or update), the new subjects' keys, the events, and the
 *    command with its answer (with the types appended, in order of first appearance, so a retry answers
 *    exactly the same). Two things the checks cannot see are raised as stale, which rolls the statement
 *    back and the client retries: a subject key someone else created meanwhile (our ciphertext used
 *    another key), and the same command id appended at the same moment on other streams (the retry's
 *    checks then find it and answer it as a duplicate).
 * Each statement a function runs has its own executor start, snapshot and end. Several streams take three
 * statements whatever their number, set-based (issue #26 measured a statement-per-stream loop and separate
 * claim and result at 363 µs an append, half of it outside the statements). One stream, which is most
 * commands, takes the same steps as small statements and plpgsql expressions: the set-based statements'
 * plans (function scans, sorts, aggregates, CTEs) cost more to start than their work for one stream, and a
 * single-event append took 494–512 µs of the server's CPU that way against 325–352 µs this way (issue #26).
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
  v_keys_inserted int := 0;
  v_claimed int := 0;
  -- The events the streams' counts add up to, and the events' columns' length.
  v_counted int;
  v_count int;
  -- The distinct metadata, held once: p_events->'m' in the insert would copy the whole array for each row
  -- (an import chunk's 500 events each have their own, for their personal-data markings).
  v_metadata jsonb;
  v_now timestamptz;
  -- One stream: the request's entry, its id, stored version (null: none yet) and tail.
  v_one boolean := jsonb_array_length(p_streams) = 1;
  v_stream jsonb;
  v_id text;
  v_current int;
  v_tail int;
  v_stale boolean;
  v_first bigint;
  v_last bigint;
  v_types jsonb;
begin
  if v_one then
    v_stream := p_streams->0;
    v_id := v_stream->>'streamId';
    v_tail := (v_stream->>'tail')::int;
    perform pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, ${streamLockKey('v_id')});
    select (select c.result from es_commands c where p_command is not null and c.command_id = p_command),
           (select s.version from es_streams s where s.stream_id = v_id)
      into v_result, v_current;
    v_counted := (v_stream->>'count')::int;
    v_stale := ${refusalOf("v_stream->>'expected'", 'v_tail', 'v_current')};
    if v_stale is not null then
      v_refused := jsonb_build_object('streamId', v_id, 'actual', v_current, 'stale', v_stale);
    end if;
  else
    perform pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, k)
       from (select distinct ${streamLockKey("x->>'streamId'")} as k from jsonb_array_elements(p_streams) as x order by 1) as keys;
    select (select c.result from es_commands c where p_command is not null and c.command_id = p_command),
           (select jsonb_build_object('streamId', r.id, 'actual', r.current, 'stale', r.stale)
              from (select x.doc->>'streamId' as id, s.version as current, x.ord,
                           ${refusalOf("x.doc->>'expected'", "(x.doc->>'tail')::int", 's.version')} as stale
                      from jsonb_array_elements(p_streams) with ordinality as x(doc, ord)
                      left join es_streams s on s.stream_id = x.doc->>'streamId') as r
             where r.stale is not null
             order by r.ord limit 1),
           (select sum((x->>'count')::int) from jsonb_array_elements(p_streams) as x)
      into v_result, v_refused, v_counted;
  end if;
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
  v_now := date_trunc('milliseconds', clock_timestamp());
  if v_one then
    if v_current is null then
      insert into es_streams (stream_id, version) values (v_id, v_tail + v_counted);
    else
      update es_streams set version = v_tail + v_counted where stream_id = v_id;
    end if;
    if v_keys > 0 then
      ${INSERT_KEYS};
      get diagnostics v_keys_inserted = row_count;
    end if;
    if v_count = 1 then
      ${INSERT_EVENT_ROWS}
      values (p_events->'s'->>0, (p_events->'v'->>0)::int, (p_events->'e'->>0)::uuid, p_events->'t'->>0, p_events->'d'->0,
              v_metadata->((p_events->'i'->>0)::int), p_company, v_now, p_events->'h'->>0)
      returning global_position, jsonb_build_array(type) into v_first, v_types;
      v_last := v_first;
    else
      with inserted as (${INSERT_EVENTS})
      select min(global_position), max(global_position), ${INSERTED_TYPES} into v_first, v_last, v_types from inserted;
    end if;
    v_result := ${answerOf("jsonb_build_array(jsonb_build_object('streamId', v_id, 'version', v_tail + v_counted))", 'v_first', 'v_last', 'v_types')};
    if p_command is not null then
      insert into es_commands (command_id, result) values (p_command, v_result) on conflict (command_id) do nothing;
      get diagnostics v_claimed = row_count;
    end if;
  else
    with streams as (
      insert into es_streams (stream_id, version)
      select x->>'streamId', (x->>'tail')::int + (x->>'count')::int from jsonb_array_elements(p_streams) as x
      on conflict (stream_id) do update set version = excluded.version
    ),
    subject_keys as (${INSERT_KEYS} returning 1),
    inserted as (${INSERT_EVENTS}),
    answer as (
      select ${answerOf(
        `(select jsonb_agg(jsonb_build_object('streamId', x->>'streamId', 'version', (x->>'tail')::int + (x->>'count')::int) order by ord)
            from jsonb_array_elements(p_streams) with ordinality as s(x, ord))`,
        'min(global_position)',
        'max(global_position)',
        INSERTED_TYPES,
      )} as result
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
  end if;
  if v_keys_inserted < v_keys then
    raise exception using errcode = '${APPEND_STALE}', message = 'stale keys', detail = 'keys';
  end if;
  if p_command is not null and v_claimed = 0 then
    raise exception using errcode = '${APPEND_STALE}', message = 'command appended meanwhile', detail = p_command;
  end if;
  return v_result;
end
$fn$;
${APPEND_ONE_FUNCTION}`;
