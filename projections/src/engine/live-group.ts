import type { Checkpoint, RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { applyAll, CUSTOM_PLANS_FROM } from './apply.ts';
import { enterBatch, type TrackRow } from './checkpoints.ts';
import type { ParkList } from './parked.ts';
import { liveLockKey, schemaName } from './schema.ts';
import type { Projector } from './types.ts';

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
 * The batches that arrive in one turn of the event loop now share a transaction: the checkpoint-only
 * moves in one compare-and-set statement, then each batch opened by projection_enter (its lock, its
 * compare-and-set, its generation's schema on the search path) and applied, in the projectors' name
 * order (two processes' groups take the locks in the same order).
 *
 * Isolation stays as it was: should anything in the group fail (a projector's statement, a lock held by
 * another process, a checkpoint moved by one), the transaction rolls back whole and every member is told
 * 'alone', to run its batch as before, where a failure is the failing projector's alone and is reported,
 * retried or parked as ever. A member that comes alone is told so at once.
 */
export function createLiveGroup(sql: SqlClient): LiveGroup {
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
    } catch {
      // Nothing of the group stands: each member goes again on its own, where its failure is its own.
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

/** The group's statements; answers the checkpoint-only members whose row had moved. */
async function applyGroup(tx: SqlExecutor, members: readonly GroupMember[]): Promise<Set<string>> {
  const moves = members.filter((member) => member.events.length === 0);
  const moved = new Set<string>();
  if (moves.length > 0) {
    const advanced = await tx.query<{ projector: string }>(
      `update public.projection_checkpoints c
          set tx_id = m.next_tx::xid8, global_position = m.next_position, last_error = null, updated_at = now()
         from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::bigint[])
                as m (projector, version, generation, tx_id, global_position, next_tx, next_position)
        where c.projector = m.projector and c.version = m.version and c.generation = m.generation
          and c.tx_id is not distinct from m.tx_id::xid8 and c.global_position is not distinct from m.global_position
        returning c.projector`,
      [
        moves.map((m) => m.projector.name),
        moves.map((m) => m.row.version),
        moves.map((m) => m.row.generation),
        moves.map((m) => m.row.checkpoint?.txId ?? null),
        moves.map((m) => m.row.checkpoint?.globalPosition ?? null),
        moves.map((m) => m.next?.txId ?? null),
        moves.map((m) => m.next?.globalPosition ?? null),
      ],
    );
    const done = new Set(advanced.map((row) => row.projector));
    for (const member of moves) if (!done.has(member.projector.name)) moved.add(member.projector.name);
  }
  for (const member of members) {
    if (member.events.length === 0) continue;
    const { projector, row } = member;
    const enter = enterBatch(
      'live',
      projector.name,
      liveLockKey(projector.name),
      row,
      member.next,
      schemaName(projector.name, row.generation),
    );
    await tx.query(enter.text, enter.params as unknown[]);
    await applyAll(tx, projector, { track: 'live', generation: row.generation, park: member.park }, member.events, 'batch');
  }
  return moved;
}
