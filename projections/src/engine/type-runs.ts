import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';

/** What the batching reads of an event: its type (a typed projector's events are Recorded<Union>). */
type Typed = Pick<RecordedEvent, 'type'>;

/** A set-based statement for a run of one event type. */
export type BulkApply<E extends Typed = RecordedEvent> = (tx: SqlExecutor, run: readonly E[]) => Promise<void>;

/** The set-based statements by event type, each given a run of events of its own type. */
export type BulkStatements<E extends Typed> = { [T in E['type']]?: BulkApply<Extract<E, { type: T }>> };

/**
 * Cuts a batch into runs of one event type: a run of two or more of a type in `bulk` goes to that
 * type's set-based statement, every other event to `applyOne`, in log order. Shared by the projectors
 * whose set-based paths each cover a single type (payments and agents).
 */
export async function applyTypeRuns<E extends Typed>(
  tx: SqlExecutor,
  events: readonly E[],
  bulk: BulkStatements<E>,
  applyOne: (tx: SqlExecutor, event: E) => Promise<void>,
): Promise<void> {
  let start = 0;
  while (start < events.length) {
    const type: E['type'] = events[start]!.type;
    // A run holds events of this one type only, which is what the statement for the type takes.
    const statement = bulk[type] as BulkApply<E> | undefined;
    let end = start + 1;
    while (statement && end < events.length && events[end]!.type === type) end++;
    if (statement && end - start > 1) {
      await statement(tx, events.slice(start, end));
      start = end;
    } else {
      await applyOne(tx, events[start]!);
      start += 1;
    }
  }
}

/**
 * What an event touches, for reordering a batch (inTypeRuns): the keys of the rows it reads or
 * writes other than commutative counters (sums added with ON CONFLICT, greatest()), or 'barrier'
 * when that cannot be said from the event alone (it then stays between what came before and after).
 */
export type EventKeys = readonly string[] | 'barrier';

/**
 * The batch in an order that applies to the same result as log order, with the events of one type
 * gathered into runs: the first event's type takes every later event of that type that shares no key
 * with an event it would jump over (nor jumps over a barrier); the rest follow in log order, and so
 * on. Events with disjoint keys commute, and events sharing a key keep their order, so applying the
 * result one by one gives what log order gives, and the set-based paths see long runs. A log that
 * interleaves per member (registration, policy, payments, and the next member) becomes one run of
 * each type per batch.
 */
export function inTypeRuns<E extends Typed>(events: readonly E[], keysOf: (event: E) => EventKeys): E[] {
  let remaining = events.map((event) => ({ event, keys: keysOf(event) }));
  const ordered: E[] = [];
  while (remaining.length > 0) {
    const head = remaining[0]!;
    if (head.keys === 'barrier') {
      ordered.push(head.event);
      remaining = remaining.slice(1);
      continue;
    }
    const type = head.event.type;
    const passed = new Set<string>();
    const rest: typeof remaining = [];
    for (let i = 0; i < remaining.length; i++) {
      const item = remaining[i]!;
      if (item.keys === 'barrier') {
        rest.push(...remaining.slice(i));
        break;
      }
      if (item.event.type === type && item.keys.every((key) => !passed.has(key))) ordered.push(item.event);
      else {
        for (const key of item.keys) passed.add(key);
        rest.push(item);
      }
    }
    remaining = rest;
  }
  return ordered;
}
