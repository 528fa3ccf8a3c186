import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';

/**
 * Cuts a batch into runs of one event type: a run of two or more goes to `bulk` (one set-based
 * statement), every other event to `applyOne`, in log order. Shared by the projectors whose
 * set-based path covers a single type (payments and agents: PaymentRecorded).
 */
export async function applyTypeRuns(
  tx: SqlExecutor,
  events: readonly RecordedEvent[],
  type: string,
  bulk: (tx: SqlExecutor, run: readonly RecordedEvent[]) => Promise<void>,
  applyOne: (tx: SqlExecutor, event: RecordedEvent) => Promise<void>,
): Promise<void> {
  let start = 0;
  while (start < events.length) {
    let end = start;
    while (end < events.length && events[end]!.type === type) end++;
    if (end - start > 1) {
      await bulk(tx, events.slice(start, end));
      start = end;
    } else {
      await applyOne(tx, events[start]!);
      start += 1;
    }
  }
}
