import { commandContext, lastBillingRunDay, type Actor } from '@fpa/write-model';
import type { Checkpoint, EventStore, SqlExecutor } from '@fpa/write-model/event-store';
import { addDays, southAfricanDate } from '@fpa/write-model/validation';
import { committedHead } from '../engine/catch-up-to.ts';
import { periodicCheck } from '../engine/periodic.ts';
import type { ProjectionLogger } from '../engine/types.ts';
import { activeBillingCompanies } from './billing.queries.ts';
import { pollingBillingWait, runDailyBilling, type DailyRunSummary } from './daily-run.ts';

/**
 * The daily run by itself (issue #20): at DAILY_RUN_AT (South African time, default 02:00) the run of
 * that day for every active company; before that time of day, the day before is the one due. The clock
 * is injected (the gateway's services.now; tests step it); a timer only asks it now and then whether a
 * day has come. A company already done up to the day costs one stream read; a day is remembered once
 * every company ran it, and a company whose run failed is tried again at the next check.
 */
export const DEFAULT_DAILY_RUN_AT = '02:00';
const SOUTH_AFRICA_OFFSET_MS = 2 * 3600_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** DAILY_RUN_AT: 'HH:MM' (24-hour, South African time), or 'off'; unset, 02:00. */
export function parseDailyRunAt(value: string | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return DEFAULT_DAILY_RUN_AT;
  if (raw.toLowerCase() === 'off') return null;
  if (!TIME.test(raw)) throw new Error(`DAILY_RUN_AT must be a time of day as HH:MM (South African time) or off, not "${raw}"`);
  return raw;
}

/** The day whose run is due at `instant`: today from DAILY_RUN_AT on, yesterday before it. */
export function dueDay(instant: Date, at: string): string {
  const today = southAfricanDate(instant);
  const timeOfDay = new Date(instant.getTime() + SOUTH_AFRICA_OFFSET_MS).toISOString().slice(11, 16);
  return timeOfDay >= at ? today : addDays(today, -1);
}

export type DailyScheduleOptions = {
  sql: SqlExecutor;
  store: EventStore;
  logger: ProjectionLogger;
  /** 'HH:MM' South African time. */
  at: string;
  /** The clock, read at every check. */
  now: () => Date;
  /** Whether this process may run the calendar now (a worker: while it holds the billing projector's lease). */
  mayRun?: () => boolean;
  waitForBilling?: (target: Checkpoint) => Promise<void>;
  /** How often the clock is asked (default a minute). */
  checkEveryMs?: number;
};

export type DailySchedule = {
  start(): void;
  stop(): Promise<void>;
  /** One check now: runs the due day for every active company not done yet; answers what it ran. */
  tick(): Promise<DailyRunSummary[]>;
};

/** The scheduled run acts for no user; each command carries the company it is for. */
const SCHEDULER: Omit<Actor, 'companyId'> = { userId: null, role: null };

export function createDailySchedule(options: DailyScheduleOptions): DailySchedule {
  let doneDay: string | null = null;

  async function check(): Promise<DailyRunSummary[]> {
    if (options.mayRun && !options.mayRun()) return [];
    const now = options.now();
    const day = dueDay(now, options.at);
    if (doneDay !== null && doneDay >= day) return [];
    const summaries: DailyRunSummary[] = [];
    let allDone = true;
    // The companies come from the billing read model: read before it has caught up (a worker just
    // started, a rebuild), a company would be missing and its day remembered as done.
    const head = await committedHead(options.sql);
    if (head) await (options.waitForBilling ?? pollingBillingWait(options.sql))(head);
    for (const company of await activeBillingCompanies(options.sql)) {
      try {
        const last = await lastBillingRunDay(options.store, company.companyId);
        if (last !== null && last >= day) continue;
        const ctx = { ...commandContext({ ...SCHEDULER, companyId: company.companyId }), now };
        const summary = await runDailyBilling(
          {
            store: options.store,
            sql: options.sql,
            logger: options.logger,
            ...(options.waitForBilling ? { waitForBilling: options.waitForBilling } : {}),
          },
          { companyId: company.companyId, asOf: day, ctx },
        );
        summaries.push(summary);
        const { written: _written, failedPolicyIds: _ids, ...figures } = summary;
        options.logger.info('daily run done', { ...figures });
      } catch (error) {
        allDone = false;
        options.logger.error('daily run failed; it is tried again at the next check', {
          companyId: company.companyId,
          day,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (allDone) doneDay = day;
    return summaries;
  }

  return periodicCheck({
    check,
    everyMs: options.checkEveryMs ?? 60_000,
    logger: options.logger,
    failure: 'daily run check failed',
  });
}
