import { ValidationError } from '../errors.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import type { EventStore } from '../event-store/types.ts';
import { actorResolver } from './actors.ts';
import { auditStreamId } from './audit.events.ts';
import { companyEventPage, type CompanyEventFilter, type EventRef } from './event-index.ts';
import { replay, toEntry, type AuditEntry } from './replay.ts';

export type CompanyHistoryArgs = CompanyEventFilter & { first?: number | null; after?: string | null };

export type CompanyHistoryPage = {
  entries: AuditEntry[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
};

export const MAX_HISTORY_PAGE = 500;

/** Cursors are global positions (opaque to clients, but stable and readable in logs). */
function afterPosition(after: string | null | undefined): number {
  if (after === null || after === undefined || after === '') return 0;
  if (!/^\d+$/.test(after)) throw new ValidationError('Invalid cursor', [{ path: ['after'], message: 'Invalid cursor' }]);
  return Number(after);
}

/**
 * Every event of the company in global order, filtered by type, actor and time, a page at a time.
 * Each entry says what changed: its stream is folded (once per page) up to the entry. The audit
 * stream's own entries (views, requests) describe no record, so it is read from the page's first
 * entry only, however long it grows.
 */
export async function companyHistory(store: EventStore, sql: SqlExecutor, args: CompanyHistoryArgs): Promise<CompanyHistoryPage> {
  const first = Math.min(Math.max(Math.trunc(args.first ?? 50), 1), MAX_HISTORY_PAGE);
  const page = await companyEventPage(sql, args, { afterPosition: afterPosition(args.after), first });
  const byStream = new Map<string, EventRef[]>();
  for (const ref of page.refs) byStream.set(ref.streamId, [...(byStream.get(ref.streamId) ?? []), ref]);

  const actorAt = actorResolver(store);
  const entries = new Map<number, AuditEntry>();
  for (const [streamId, refs] of byStream) {
    const wanted = new Set(refs.map((r) => r.globalPosition));
    const last = Math.max(...wanted);
    const folds = streamId !== auditStreamId(args.companyId);
    const fromVersion = folds ? 1 : Math.min(...refs.map((r) => r.streamVersion));
    const { events } = await store.readStream(streamId, { asOf: { globalPosition: last }, fromVersion });
    for (const step of replay(streamId, events)) {
      if (wanted.has(step.event.globalPosition)) entries.set(step.event.globalPosition, await toEntry(step, actorAt, folds));
    }
  }
  const ordered = page.refs.flatMap((ref) => entries.get(ref.globalPosition) ?? []);
  const lastRef = page.refs[page.refs.length - 1];
  return {
    entries: ordered,
    totalCount: page.totalCount,
    hasNextPage: page.hasNextPage,
    endCursor: lastRef ? String(lastRef.globalPosition) : null,
  };
}
