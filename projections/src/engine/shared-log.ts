import { compareCheckpoints } from '@fpa/write-model/event-store';
import type { Checkpoint, EventStore, RecordedEvent } from '@fpa/write-model/event-store';
import { checkpointOf } from './checkpoints.ts';

/**
 * One ordered read of the log for every projector walking it (issue #26). When several projectors
 * catch up or rebuild at once (a fresh database, several versions bumped), each batch of the log is
 * read (and its personal fields decrypted) once, and each projector takes the events it handles from
 * it; each still applies and commits its own batches with its own checkpoint, exactly as before. The
 * pages are a cache, never a source of truth: a projector that finds no page for where it stands
 * reads one itself, so one that fails, is parked or falls far behind costs the others nothing.
 *
 * A page holds every event of the types its readers handle in (after, end]: end is its last event
 * when the read was cut at the page size, the `until` it was read to when not. Only events below
 * the transaction horizon are ever read, so a page stays true while it is kept.
 */
export type Slice = {
  /** The reader's handled events after `after`, in log order, at most `limit`. */
  events: RecordedEvent[];
  /** Where the reader's checkpoint goes when it has applied them. */
  next: Checkpoint;
  /** More of the log lies between next and until (a full batch, or the walk stopped after maxPages). */
  more: boolean;
};

export type SliceRequest = {
  /** The reader: a track and projector, e.g. "rebuild:payments". */
  reader: string;
  after: Checkpoint | null;
  until: Checkpoint;
  limit: number;
  types: readonly string[];
  /**
   * Read pages with every type the engine's projectors handle (everyType): the live track, where the
   * projectors mostly stand at the same checkpoint, so one read (and one decryption) of what an append
   * wrote serves them all. A rebuild walking alone reads only its own types.
   */
  wide?: boolean;
};

type Page = {
  after: Checkpoint | null;
  end: Checkpoint;
  events: RecordedEvent[];
  types: ReadonlySet<string>;
  readAt: number;
  /** The store's erasure count when the read began: a page read before an erasure is never used again. */
  erasures: number;
};

export type SharedLogOptions = {
  /** Events per read of the log. */
  pageSize: number;
  /** Pages kept for readers behind the first (the oldest goes first). */
  keepPages?: number;
  /** Pages walked by one slice before it is cut (a reader of rare types far behind moves on in steps). */
  maxPagesPerSlice?: number;
  /** Every event type the engine's projectors handle (see SliceRequest.wide). */
  everyType?: readonly string[];
  /**
   * A page older than this is not used. An erasure in this process retires every page read before it at
   * once (EventStore.erasures); one made by another process reaches this one's keys within the keyring's
   * cache TTL (60 s), and its pages within this.
   */
  maxAgeMs?: number;
  /**
   * How long a walker ahead waits at most for one far behind it on its track to move before it reads on (see
   * holdBack; a walker that stops moving is not waited for).
   */
  holdMs?: number;
  now?: () => number;
};

export type SharedLog = ReturnType<typeof createSharedLog>;

export function createSharedLog(store: Pick<EventStore, 'readAll'> & Partial<Pick<EventStore, 'erasures'>>, options: SharedLogOptions) {
  const erasures = () => store.erasures?.() ?? 0;
  const keepPages = options.keepPages ?? 32;
  const maxPagesPerSlice = options.maxPagesPerSlice ?? 16;
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const holdMs = options.holdMs ?? 5_000;
  const now = options.now ?? Date.now;
  let pages: Page[] = [];
  /** Reads under way, by where they start: a reader standing there waits for it. */
  const reading = new Map<string, Promise<Page>>();
  /**
   * Readers walking the log (their last slice had more): a page is read for the types of all of them. `pos` is
   * where the walker stands (its next slice starts there; while it waits to read, where it waits), `at` when
   * it last moved.
   */
  const walking = new Map<string, { types: readonly string[]; at: number; pos: Checkpoint | null }>();
  /** Wakes walkers held back (holdBack) when another walker moves or stops walking. */
  let moved: { promise: Promise<void>; resolve: () => void } | null = null;
  function walk(reader: string, entry: { types: readonly string[]; at: number; pos: Checkpoint | null } | null): void {
    const was = walking.get(reader);
    if (entry) walking.set(reader, entry);
    else walking.delete(reader);
    // Only a move (or a walker leaving) can release a held walker; waking them on anything else would spin.
    if (was && entry && keyOf(was.pos) === keyOf(entry.pos)) return;
    moved?.resolve();
    moved = null;
  }
  const trackOf = (reader: string): string => reader.slice(0, reader.indexOf(':') + 1);

  const keyOf = (c: Checkpoint | null): string => (c ? `${c.txId}/${c.globalPosition}` : 'start');
  const before = (a: Checkpoint | null, b: Checkpoint): boolean => a === null || compareCheckpoints(a, b) < 0;
  const notAfter = (a: Checkpoint | null, b: Checkpoint | null): boolean => a === null || (b !== null && compareCheckpoints(a, b) <= 0);

  /** A kept page that holds what lies just after `at`, for these types. */
  function pageAt(at: Checkpoint | null, types: readonly string[]): Page | null {
    const fresh = now() - maxAgeMs;
    const erased = erasures();
    for (const page of pages) {
      if (page.readAt < fresh || page.erasures !== erased) continue;
      if (!notAfter(page.after, at) || !before(at, page.end)) continue;
      if (types.every((type) => page.types.has(type))) return page;
    }
    return null;
  }

  /**
   * Where the next kept page for these types begins after `at`, if before `until`: a reader that found
   * no page where it stands reads only up to there, and joins the pages the others are reading.
   */
  function nextPageStart(at: Checkpoint | null, until: Checkpoint, types: readonly string[]): Checkpoint {
    const fresh = now() - maxAgeMs;
    const erased = erasures();
    let bound = until;
    for (const page of pages) {
      if (page.readAt < fresh || page.erasures !== erased || page.after === null || !before(at, page.after)) continue;
      if (compareCheckpoints(page.after, bound) < 0 && types.every((type) => page.types.has(type))) bound = page.after;
    }
    return bound;
  }

  /**
   * Walkers of one track move at the speed of the slowest of them, a few pages apart (issue #26): a walker
   * about to read a page waits while another walker of its track stands more than half the kept pages' worth
   * of events behind it, so the one behind finds the pages the one ahead read, and every page is read once
   * between them instead of once more for each that fell behind. One that started late (its projector's tables
   * took longer to make) reads alone until it reaches the others, which wait for it. The time of a rebuild is
   * the slowest projector's anyway, and the ones ahead leave it the CPU. A walker that has not moved for holdMs
   * (failing, parked, stopped) is not waited for. Waits run one way only (to walkers at an earlier position),
   * so two walkers never wait for each other. Positions stand in for counts of events (they are close to it).
   */
  async function holdBack(reader: string, cursor: Checkpoint | null, types: readonly string[]): Promise<void> {
    const track = trackOf(reader);
    const maxLead = Math.floor((keepPages * options.pageSize) / 2);
    for (;;) {
      walk(reader, { types, at: now(), pos: cursor });
      if (cursor === null) return;
      let waitFor = 0;
      for (const [other, walker] of walking) {
        if (other === reader || trackOf(other) !== track) continue;
        if (walker.pos !== null && compareCheckpoints(walker.pos, cursor) >= 0) continue;
        if (cursor.globalPosition - (walker.pos?.globalPosition ?? 0) <= maxLead) continue;
        const left = walker.at + holdMs - now();
        if (left > 0) waitFor = Math.max(waitFor, left);
      }
      if (waitFor === 0) return;
      moved ??= (() => {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        return { promise, resolve };
      })();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([moved.promise, new Promise<void>((r) => (timer = setTimeout(r, waitFor)))]);
      clearTimeout(timer);
    }
  }

  async function read(at: Checkpoint | null, until: Checkpoint, types: readonly string[], wide: boolean): Promise<Page> {
    const key = keyOf(at);
    const pending = reading.get(key);
    if (pending) {
      const page = await pending;
      if (page.erasures === erasures() && types.every((type) => page.types.has(type)) && before(at, page.end)) return page;
    }
    const wanted = new Set(wide ? [...types, ...(options.everyType ?? [])] : types);
    const stale = now() - maxAgeMs;
    for (const [reader, walker] of walking) {
      // A reader that stopped walking (failed, parked, stopped) no longer widens the reads.
      if (walker.at < stale) walking.delete(reader);
      else for (const type of walker.types) wanted.add(type);
    }
    const upTo = nextPageStart(at, until, [...wanted]);
    const promise = (async (): Promise<Page> => {
      const erasuresBefore = erasures();
      const events = await store.readAll({ after: at, until: upTo, limit: options.pageSize, types: [...wanted] });
      const full = events.length >= options.pageSize;
      const page: Page = {
        after: at,
        end: full ? checkpointOf(events[events.length - 1]!) : upTo,
        events,
        types: wanted,
        readAt: now(),
        erasures: erasuresBefore,
      };
      // Pages too old to be used, or read before an erasure, are let go at once (nothing else holds their events).
      pages = pages.filter((kept) => kept.readAt >= page.readAt - maxAgeMs && kept.erasures === page.erasures);
      pages.push(page);
      if (pages.length > keepPages) pages = pages.slice(pages.length - keepPages);
      return page;
    })();
    reading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (reading.get(key) === promise) reading.delete(key);
    }
  }

  return {
    /** The reader's next batch: its handled events after `after` up to `until`, at most `limit` of them. */
    async slice({ reader, after, until, limit, types, wide = false }: SliceRequest): Promise<Slice> {
      const handled = new Set(types);
      // A reader from the start of the log walks it: the pages read from now on carry its types too.
      if (after === null) walk(reader, { types, at: now(), pos: null });
      const events: RecordedEvent[] = [];
      let cursor = after;
      let walked = 0;
      let result: Slice | null = null;
      while (result === null) {
        if (!before(cursor, until)) {
          result = { events, next: until, more: false };
          break;
        }
        if (walked >= maxPagesPerSlice) {
          result = { events, next: cursor!, more: true };
          break;
        }
        let page = pageAt(cursor, types);
        if (!page) {
          if (walking.has(reader)) await holdBack(reader, cursor, types);
          page = pageAt(cursor, types) ?? (await read(cursor, until, types, wide));
        }
        walked += 1;
        for (const event of page.events) {
          const at = checkpointOf(event);
          if (!before(cursor, at)) continue;
          if (compareCheckpoints(at, until) > 0) break;
          if (!handled.has(event.type)) continue;
          events.push(event);
          if (events.length >= limit) {
            result = { events, next: at, more: true };
            break;
          }
        }
        if (result === null) cursor = compareCheckpoints(page.end, until) < 0 ? page.end : until;
      }
      walk(reader, result.more ? { types, at: now(), pos: result.next } : null);
      return result;
    },
  };
}
