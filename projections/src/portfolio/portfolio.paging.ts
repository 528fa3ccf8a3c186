import { ValidationError } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { dateProblem, QUERY_DATE_RANGE, southAfricanDate } from '@fpa/write-model/validation';
import { readTogether } from '../engine/tenant-wall.ts';

/** Shared by the list queries: page sizes, opaque cursors, search patterns, calendar months. */

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Connection<T> = { nodes: T[]; totalCount: number; pageInfo: PageInfo };
export type PageArgs = { first?: number; after?: string | null };

export const DEFAULT_PAGE_SIZE = 50;
/** A page never holds more than this; hasNextPage tells the client to ask again. */
export const MAX_PAGE_SIZE = 500;

/** The keyset of every list: newest first, then the later event first (rows of one import share a time). */
export type SortKey = { createdAt: string; position: number };

/** The sort key as SQL gives it to the page: full microseconds, so a cursor never skips a tied row. */
export const sortKeyColumns = (alias: string) =>
  `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "_cursorTime",
   ${alias}.position as "_cursorPosition"`;

type WithSortKey = { _cursorTime: string; _cursorPosition: number };

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.position]), 'utf8').toString('base64url');
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeCursor(cursor: string): SortKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [createdAt, position] = parsed as [unknown, unknown];
      // The time goes to a timestamptz parameter: a made-up year 0000 or 30 February would be PostgreSQL's error (a 500), not ours.
      const realTime =
        typeof createdAt === 'string' && CURSOR_TIME.test(createdAt) && dateProblem(createdAt.slice(0, 10), QUERY_DATE_RANGE) === null;
      if (realTime && Number.isSafeInteger(position) && (position as number) >= 0) {
        return { createdAt, position: position as number };
      }
    }
  } catch {
    // fall through to the refusal: a cursor the client made up or mangled
  }
  throw new ValidationError('Invalid cursor', [{ path: ['after'], message: 'Invalid cursor' }]);
}

export function pageSize(first: number | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 0) {
    throw new ValidationError('first must be a whole number, 0 or more', [
      { path: ['first'], message: 'first must be a whole number, 0 or more' },
    ]);
  }
  return Math.min(size, MAX_PAGE_SIZE);
}

/** Rows fetched with one extra (limit first + 1) become a page; the sort-key columns are dropped. */
export function toPage<T>(rows: (T & WithSortKey)[], first: number): { nodes: T[]; pageInfo: PageInfo } {
  const hasNextPage = rows.length > first;
  const kept = rows.slice(0, first);
  const last = kept.at(-1);
  return {
    nodes: kept.map(stripSortKey),
    pageInfo: {
      hasNextPage,
      endCursor: last ? encodeCursor({ createdAt: last._cursorTime, position: last._cursorPosition }) : null,
    },
  };
}

export function stripSortKey<T>(row: T & WithSortKey): T {
  const { _cursorTime: _t, _cursorPosition: _p, ...rest } = row;
  return rest as T;
}

/** Trimmed, inner runs of spaces collapsed ("  Thabo   Mo " → "Thabo Mo"); undefined when blank. */
export function normalizeSearch(search: string | null | undefined): string | undefined {
  const text = search?.trim().replace(/\s+/g, ' ');
  return text ? text : undefined;
}

/** A LIKE prefix pattern matching the text literally (%, _ and \ escaped). Lower-cased in SQL. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Collects positional parameters while a statement's optional parts are put together. */
export function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown): string {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

/** First day (YYYY-MM-DD) of the South African calendar month of an instant, or of a month before it. */
export function monthStart(instant: Date, monthsBefore = 0): string {
  const [year, month] = southAfricanDate(instant).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - monthsBefore, 1));
  return first.toISOString().slice(0, 10);
}

/** One cursor-paged list: its filter, then the page and the total the list queries share. */
export type PagedListQuery = {
  /** The alias of the table whose (created_at, position) orders the list. */
  alias: string;
  columns: string;
  /** The FROM clause (with its joins) of the page. */
  from: string;
  /**
   * The joins of `from`, when each is a LEFT JOIN to at most one row (so they neither drop nor repeat
   * a row): the page is then cut from the filtered table first and joined after, its 21 rows rather
   * than every match of a search (503 for "Nko" on 5,000 members, 3 ms of the 3.1).
   */
  joinsAfterLimit?: string;
  /** The table and alias a filtered count scans: 'members m'. */
  countFrom: string;
  /** The filter's conditions, their values already added to params. */
  where: string[];
  params: ReturnType<typeof parameters>;
  first: number;
  after?: string | null;
  /**
   * A search's text is among the params. 'planned': its conditions can use an index only in a plan made for the
   * text's value (starts_with(), LIKE), so both statements are. 'ranges': its arms are index ranges (prefixArms) that
   * a plan made once serves; the count of the matches and of the whole list are read first and choose how the page
   * is cut (cutFromMatches).
   */
  prefixSearch: false | 'planned' | 'ranges';
  /** true: count(*) over the filter; false: the maintained counter `counted` reads. */
  countFiltered: boolean;
  /** Reads the counter through the executor it is given (the page's, so both share one wall). */
  counted: (sql: SqlExecutor) => Promise<number>;
};

/**
 * How the read's statements are planned, for the rest of its transaction (sent first, on the same connection):
 * 'force_custom_plan' for a search whose conditions use an index only in a plan made for the text's value (a
 * prepared statement gets a generic plan after five runs, and that one filtered every row of the company);
 * 'force_generic_plan' for index ranges, whose plan serves any text. Without parallel workers either way: a plan made
 * for any text assumes thousands of matches (6,000 an arm at 1.2 million payments), and the payments search counted a
 * policy's 24 payments with two workers started for it, 22 ms a search instead of under one (issue #26).
 */
const PLAN_MODE = `select set_config('plan_cache_mode', $1, true), set_config('max_parallel_workers_per_gather', '0', true)`;

/**
 * Whether a searched page is cut from its matches (`matches` rows read through the search's indexes and sorted) rather
 * than by walking the list's own order until it has its `rows` (about rows × listed / matches rows read, a few in
 * every listed / matches): whichever reads fewer rows. 21 rows of 50,000 members: up to 1,024 matches.
 */
export const cutFromMatches = (matches: number, rows: number, listed: number): boolean =>
  matches * matches <= rows * Math.max(listed, matches);

/**
 * Newest first, keyset-paged after the cursor; limit first + 1 tells whether another page follows.
 * The page and the total are read together: sent at once, behind one tenant wall (readTogether).
 */
export async function pagedList<T>(sql: SqlExecutor, q: PagedListQuery): Promise<Connection<T>> {
  const { alias: a, params: p, first } = q;
  const where = [...q.where];
  const filter = where.join(' and ');
  const filterValues = [...p.values];
  if (q.after) {
    const key = decodeCursor(q.after);
    where.push(`(${a}.created_at, ${a}.position) < (${p.add(key.createdAt)}::timestamptz, ${p.add(key.position)}::bigint)`);
  }
  const order = `order by ${a}.created_at desc, ${a}.position desc`;
  const limit = p.add(first + 1);
  const page = (fenced: boolean) =>
    q.joinsAfterLimit === undefined
      ? `select ${q.columns}, ${sortKeyColumns(a)} ${q.from}
        where ${where.join(' and ')}
        ${order}
        limit ${limit}`
      : `select ${q.columns}, ${sortKeyColumns(a)}
         from (select ${a}.* from ${matching(q.countFrom, a, where, fenced)} ${order} limit ${limit}) ${a}
         ${q.joinsAfterLimit}
        ${order}`;
  const countStatement = `select count(*)::int as count from ${q.countFrom} where ${filter}`;
  const count = async (tx: SqlExecutor): Promise<number> => {
    if (!q.countFiltered) return q.counted(tx);
    const [row] = await tx.query<{ count: number }>(countStatement, filterValues);
    return row?.count ?? 0;
  };
  if (q.prefixSearch === 'ranges') {
    if (q.joinsAfterLimit === undefined || !q.countFiltered)
      throw new Error('A ranged search cuts its page before its joins and counts its matches.');
    const [rows, totalCount] = await readTogether(sql, async (tx) => {
      // One plan each, made once per connection: the auto mode would plan these for every text (their plan for the
      // value looks cheaper than the one for any value), and planning cost several times their execution.
      const [, matches, listed] = await Promise.all([tx.query(PLAN_MODE, ['force_generic_plan']), count(tx), q.counted(tx)]);
      const found = matches === 0 ? [] : await tx.query<T & WithSortKey>(page(cutFromMatches(matches, first + 1, listed)), p.values);
      return [found, matches] as const;
    });
    return { ...toPage(rows, first), totalCount };
  }
  const [, rows, totalCount] = await readTogether(sql, (tx) =>
    Promise.all([
      q.prefixSearch === 'planned' ? tx.query(PLAN_MODE, ['force_custom_plan']) : null,
      tx.query<T & WithSortKey>(page(false), p.values),
      count(tx),
    ]),
  );
  return { ...toPage(rows, first), totalCount };
}

/**
 * The rows of `table alias` that meet the conditions, for a page to take its first rows from. Fenced (`offset 0`,
 * which keeps the planner from merging it into the page): every match is found first, through the search's
 * indexes, and sorted; a plan made for any text would otherwise walk the list's order index, which for a rare
 * text reads every row of the company (2.3 ms for no match among 2,000 members, against 0.2 ms).
 */
function matching(table: string, alias: string, where: readonly string[], fenced: boolean): string {
  const rows = `${table} where ${where.join(' and ')}`;
  return fenced ? `(select ${alias}.* from ${rows} offset 0) ${alias}` : rows;
}
