import { isSqlState, type Checkpoint, type RecordedEvent, type SqlClient, type SqlExecutor } from '@fpa/write-model/event-store';
import { applyAll, CUSTOM_PLANS_FROM } from './apply.ts';
import { ENTER_LOCKED, ENTER_MOVED, type TrackRow } from './checkpoints.ts';
import type { ParkList } from './parked.ts';
import { liveLockKey, schemaName } from './schema.ts';
import type { ProjectionLogger, Projector } from './types.ts';

/** One projector's live batch: its events read against `row`, ending at `next` (no events: only the checkpoint moves). */
export type GroupMember = {
  projector: Projector;
  row: TrackRow;
  next: Checkpoint | null;
  events: readonly RecordedEvent[];
  park?: ParkList | undefined;
};

/**
 * 'committed': applied and the checkpoint moved, with the others of its group. 'moved': its checkpoint-only
 * compare-and-set found the row moved (the others committed). 'alone': not done; the caller applies it in a
 * transaction of its own as before (it came alone, or the group's transaction failed and nothing of it stands).
 */
export type GroupOutcome = 'committed' | 'moved' | 'alone';

export type LiveGroup = {
  /** The member's batch, in one transaction with the others that join before the next turn of the event loop. */
  join(member: GroupMember): Promise<GroupOutcome>;
};

/** Whether a batch may join a group: a live batch of a command's few events (a catch-up batch would hold the others up). */
export const joinsGroup = (events: readonly RecordedEvent[]): boolean => events.length < CUSTOM_PLANS_FROM;

/**
 * Live batches of several projectors in one transaction (issue #26). An append wakes every projector at
 * once; each reads the same few events (shared-log.ts) and used to commit its own batch, or move its
 * checkpoint with a statement of its own when it handles none of them: about nine transactions and eight
 * checkpoint updates a registration, each a commit (a WAL flush) and statements for the worker to send.
 * The batches that arrive in one turn of the event loop now share a transaction, opened by one statement
 * for all of them (ENTER_GROUP_FUNCTION: the locks, the compare-and-sets, the schemas), then the batches
 * applied together; members go in the projectors' name order (two processes' groups take the locks in the same order).
 *
 * Isolation stays as it was: should anything in the group fail (a projector's statement, a lock held by
 * another process, a checkpoint moved by one), the transaction rolls back whole and every member is told
 * 'alone', to run its batch as before, where a failure is the failing projector's alone and is reported,
 * retried or parked as ever. A member that comes alone is told so at once.
 */
export function createLiveGroup(sql: SqlClient, logger: ProjectionLogger): LiveGroup {
  let pending: { member: GroupMember; resolve: (outcome: GroupOutcome) => void }[] = [];

  async function flush(): Promise<void> {
    const group = pending;
    pending = [];
    if (group.length === 1) {
      group[0]!.resolve('alone');
      return;
    }
    group.sort((a, b) => (a.member.projector.name < b.member.projector.name ? -1 : 1));
    let moved: Set<string>;
    try {
      moved = await sql.transaction((tx) =>
        applyGroup(
          tx,
          group.map((entry) => entry.member),
        ),
      );
    } catch (error) {
      // Nothing of the group stands (or, had the commit's answer been lost, all of it does, and each member's
      // own compare-and-set then finds its row moved): each member goes again on its own, where its failure is its own.
      logger.info('live group rolled back; its members go alone', {
        members: group.map((entry) => entry.member.projector.name),
        error: error instanceof Error ? error.message : String(error),
      });
      for (const entry of group) entry.resolve('alone');
      return;
    }
    for (const entry of group) entry.resolve(moved.has(entry.member.projector.name) ? 'moved' : 'committed');
  }

  return {
    join(member) {
      return new Promise<GroupOutcome>((resolve) => {
        pending.push({ member, resolve });
        if (pending.length === 1) setImmediate(() => void flush());
      });
    },
  };
}

/**
 * The opening of a group's transaction as one statement: the locks of the members that apply events
 * (tried, in the order given: the members' name order), one compare-and-set of every member's row, and
 * the search path set to the applying members' generation schemas together. Table names are unique
 * across projectors (validateProjectors), so each member's unqualified names still find its own
 * generation; no projector creates any other object in its schema. A lock held elsewhere, or an applying
 * member's row moved, raises as projection_enter does (the group rolls back); a checkpoint-only member
 * whose row moved is answered in the array returned and the others go on.
 */
export const ENTER_GROUP_FUNCTION = `
  create or replace function public.projection_enter_group(p_locks text[], p_projectors text[], p_versions int[],
      p_generations int[], p_tx text[], p_positions bigint[], p_next_tx text[], p_next_positions bigint[],
      p_applies boolean[], p_path text)
    returns text[] language plpgsql as $$
  declare
    v_lock text;
    v_moved text[];
    v_refused boolean;
  begin
    foreach v_lock in array p_locks loop
      if not pg_try_advisory_xact_lock(hashtext(v_lock)) then
        raise exception 'projection lock % is held', v_lock using errcode = '${ENTER_LOCKED}';
      end if;
    end loop;
    with m as (
      select * from unnest(p_projectors, p_versions, p_generations, p_tx, p_positions, p_next_tx, p_next_positions, p_applies)
        as m (projector, version, generation, tx_id, global_position, next_tx, next_position, applies)
    ), done as (
      update public.projection_checkpoints c
         set tx_id = m.next_tx::xid8, global_position = m.next_position, last_error = null, updated_at = now()
        from m
       where c.projector = m.projector and c.version = m.version and c.generation = m.generation
         and c.tx_id is not distinct from m.tx_id::xid8 and c.global_position is not distinct from m.global_position
      returning c.projector
    )
    select coalesce(array_agg(m.projector) filter (where not m.applies), '{}'::text[]), coalesce(bool_or(m.applies), false)
      into v_moved, v_refused
      from m where m.projector not in (select projector from done);
    if v_refused then
      raise exception 'a checkpoint of the group moved' using errcode = '${ENTER_MOVED}';
    end if;
    perform set_config('search_path', p_path, true);
    return v_moved;
  end $$;
`;

/** The group's statements: its opening (ENTER_GROUP_FUNCTION), then each batch; answers the checkpoint-only members whose row had moved. */
async function applyGroup(tx: SqlExecutor, members: readonly GroupMember[]): Promise<Set<string>> {
  const applying = members.filter((member) => member.events.length > 0);
  const path = [...applying.map((m) => `"${schemaName(m.projector.name, m.row.generation)}"`), 'public'].join(', ');
  const [entered] = await tx.query<{ moved: string[] }>(
    `select public.projection_enter_group($1::text[], $2::text[], $3::int[], $4::int[], $5::text[], $6::bigint[], $7::text[],
       $8::bigint[], $9::text[]::boolean[], $10) as moved`,
    [
      applying.map((m) => liveLockKey(m.projector.name)),
      members.map((m) => m.projector.name),
      members.map((m) => m.row.version),
      members.map((m) => m.row.generation),
      members.map((m) => m.row.checkpoint?.txId ?? null),
      members.map((m) => m.row.checkpoint?.globalPosition ?? null),
      members.map((m) => m.next?.txId ?? null),
      members.map((m) => m.next?.globalPosition ?? null),
      // As text: postgres.js sends a boolean array as one boolean.
      members.map((m) => (m.events.length > 0 ? 'true' : 'false')),
      path,
    ],
  );
  // The members apply at once: their tables are their own, and the transaction's connection takes their
  // statements in the order they are made, several to a write and a round trip, instead of one member's after
  // another's (about twenty round trips a registration, one after another). A failure rolls the group back
  // whole, as above; every member is waited for first, so none sends a statement after the transaction ends.
  const applied = await Promise.allSettled(
    applying.map((member) =>
      applyAll(tx, member.projector, { track: 'live', generation: member.row.generation, park: member.park }, member.events, 'batch'),
    ),
  );
  const failures = applied.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  // The first failure is the cause; the members after it were refused by the aborted transaction.
  if (failures.length > 0) throw failures.find((error) => !isSqlState(causeOf(error), IN_FAILED_TRANSACTION)) ?? failures[0];
  return new Set(entered?.moved ?? []);
}

/** PostgreSQL's answer to a statement sent after another failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';

/** The driver's error inside applyAll's ProjectionError or BatchFailed. */
const causeOf = (error: unknown): unknown => (error instanceof Error && error.cause !== undefined ? error.cause : error);
