import {
  calendarLedger,
  calendarSteps,
  lastBillingRunDay,
  missedPremiums,
  recordDailyRunCompleted,
  southAfricanDate,
  takeCalendarStep,
  takeCalendarStepsTogether,
  ValidationError,
  type CalendarCommand,
  type CalendarPlan,
  type CalendarStep,
  type CommandContext,
} from '@fpa/write-model';
import { compareCheckpoints, type AppendResult, type Checkpoint, type EventStore, type SqlExecutor } from '@fpa/write-model/event-store';
import { addDays } from '@fpa/write-model/validation';
import { committedHead } from '../engine/catch-up-to.ts';
import type { ProjectionLogger } from '../engine/types.ts';
import { pollingReadModelWait } from '../engine/wait.ts';
import { billingProjection } from './billing.projection.ts';
import { billingBookPages, findBillingCompany, type BillingPolicy } from './billing.queries.ts';

/**
 * The calendar's daily run for one company (issue #20), a process manager: for each South African day
 * not yet done (from the day after the last one recorded up to asOf, in order; a company's first run
 * is asOf alone), it waits until the billing read model has caught up with the log, reads the
 * company's book a page of DAILY_RUN_PAGE policies at a time (each page with its payments), asks
 * calendarSteps what the day does to each policy, and takes the steps of DAILY_RUN_BATCH policies in
 * one read and one append at the versions read (takeCalendarStepsTogether);
 * a batch that cannot be appended whole is taken again a step at a time, each step a command whose id is
 * derived from what it is about (policies/commands/calendar-steps.ts). Then it records the day done
 * (DailyBillingRunCompleted, id derived from company and day). A day run twice, a run that crashed half
 * way and runs again, and two runs at once therefore append each event once (a step taken decides
 * nothing; a batch read before another run's append conflicts and appends nothing). A policy whose step
 * fails is logged and reported, and the others go on; the next day tries it again.
 */
export const MAX_CATCH_UP_DAYS = 366;

export type DailyRunDeps = {
  store: EventStore;
  sql: SqlExecutor;
  /** Resolves when the billing read model has reached the checkpoint (default: polls its checkpoint row). */
  waitForBilling?: (target: Checkpoint) => Promise<void>;
  logger?: ProjectionLogger;
  /** Batches in flight at once (default DAILY_RUN_CONCURRENCY). */
  concurrency?: number;
  /** Policies read, decided and appended together (default DAILY_RUN_BATCH; 1 takes each step as its own command). */
  batchSize?: number;
  /** Policies of the book read at once, with their payments (default DAILY_RUN_PAGE; at least batchSize). */
  pageSize?: number;
};

/** How many batches of a day's run are in flight at once: one is read or appended while another is decided. */
export const DAILY_RUN_CONCURRENCY = 4;

/**
 * Policies per batch: one read and one append for all of them (takeCalendarStepsTogether). A batch that
 * cannot be appended whole (another run moved one of its policies, or one of them cannot be written) is
 * taken again a step at a time, so one bad policy never stops the others.
 */
export const DAILY_RUN_BATCH = 250;

/** Policies of the book read at once with their payments: a day's run holds a page and the next in memory. */
export const DAILY_RUN_PAGE = 2_000;

export type DailyRunSummary = {
  companyId: string;
  /** The days run now, oldest first (empty when asOf was done already). */
  days: string[];
  daysRun: number;
  /** The last day done after this run. */
  lastDay: string | null;
  premiumsFallenDue: number;
  noticesIssued: number;
  policiesLapsed: number;
  policiesReinstated: number;
  failed: number;
  failedPolicyIds: string[];
  /** What the run appended, for a read-your-writes wait: the last append's checkpoint and every type appended (null: nothing). */
  written: { checkpoint: Checkpoint; eventTypes: string[] } | null;
};

type DayCounts = Pick<
  DailyRunSummary,
  'premiumsFallenDue' | 'noticesIssued' | 'policiesLapsed' | 'policiesReinstated' | 'failed' | 'failedPolicyIds'
>;

const READ_MODEL_TIMEOUT_MS = 120_000;
const quiet: ProjectionLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Waits on the billing projector's checkpoint row: works wherever the projector runs (this process, a worker). */
export function pollingBillingWait(sql: SqlExecutor, timeoutMs = READ_MODEL_TIMEOUT_MS): (target: Checkpoint) => Promise<void> {
  return pollingReadModelWait(sql, [billingProjection], timeoutMs);
}

/** The days a run for asOf does, oldest first, after the last day done. */
export function daysToRun(lastDay: string | null, asOf: string, maxDays = MAX_CATCH_UP_DAYS): string[] {
  if (lastDay !== null && lastDay >= asOf) return [];
  let first = lastDay === null ? asOf : addDays(lastDay, 1);
  const earliest = addDays(asOf, -(maxDays - 1));
  if (first < earliest) first = earliest;
  const days: string[] = [];
  for (let day = first; day <= asOf; day = addDays(day, 1)) days.push(day);
  return days;
}

export async function runDailyBilling(
  deps: DailyRunDeps,
  args: { companyId: string; asOf: string; ctx: CommandContext },
): Promise<DailyRunSummary> {
  const { companyId, asOf, ctx } = args;
  const logger = deps.logger ?? quiet;
  const today = southAfricanDate(ctx.now);
  if (asOf > today)
    throw new ValidationError(`asOf cannot be after today (${today})`, [
      { path: ['asOf'], message: `asOf cannot be after today (${today})` },
    ]);
  const wait = deps.waitForBilling ?? pollingBillingWait(deps.sql);
  const lastDay = await lastBillingRunDay(deps.store, companyId);
  const days = daysToRun(lastDay, asOf);
  const summary: DailyRunSummary = {
    companyId,
    days,
    daysRun: days.length,
    lastDay: lastDay !== null && lastDay > asOf ? lastDay : asOf,
    premiumsFallenDue: 0,
    noticesIssued: 0,
    policiesLapsed: 0,
    policiesReinstated: 0,
    failed: 0,
    failedPolicyIds: [],
    written: null,
  };
  const wrote = (append: AppendResult | null) => {
    if (!append) return;
    const types = new Set([...(summary.written?.eventTypes ?? []), ...(append.eventTypes ?? [])]);
    const later = !summary.written || compareCheckpoints(append.checkpoint, summary.written.checkpoint) > 0;
    summary.written = { checkpoint: later ? append.checkpoint : summary.written!.checkpoint, eventTypes: [...types] };
  };
  if (lastDay !== null && days[0] !== undefined && days[0] !== addDays(lastDay, 1)) {
    logger.warn('daily run: catch-up capped', { companyId, lastDay, from: days[0], maxDays: MAX_CATCH_UP_DAYS });
  }
  for (const day of days) {
    // The steps of the day before (and every write before the run) must be in the book read.
    const head = await committedHead(deps.sql);
    if (head) await wait(head);
    const counts = await runDay(deps, logger, companyId, day, ctx, wrote);
    wrote(await recordDailyRunCompleted(deps.store, { companyId, day, ...counts }, ctx));
    summary.premiumsFallenDue += counts.premiumsFallenDue;
    summary.noticesIssued += counts.noticesIssued;
    summary.policiesLapsed += counts.policiesLapsed;
    summary.policiesReinstated += counts.policiesReinstated;
    summary.failed += counts.failed;
    for (const id of counts.failedPolicyIds) if (!summary.failedPolicyIds.includes(id)) summary.failedPolicyIds.push(id);
    logger.info('daily run: day done', { companyId, day, ...counts, failedPolicyIds: undefined });
  }
  return summary;
}

/** The most failed policy ids one day's record keeps (the log has them all). */
const MAX_FAILED_IDS = 100;

async function runDay(
  deps: DailyRunDeps,
  logger: ProjectionLogger,
  companyId: string,
  day: string,
  ctx: CommandContext,
  wrote: (append: AppendResult | null) => void,
): Promise<DayCounts> {
  const company = await findBillingCompany(deps.sql, companyId);
  const companyName = company?.name ?? '';
  const counts: DayCounts = {
    premiumsFallenDue: 0,
    noticesIssued: 0,
    policiesLapsed: 0,
    policiesReinstated: 0,
    failed: 0,
    failedPolicyIds: [],
  };
  const failed = (policy: BillingPolicy, error: unknown) => {
    counts.failed++;
    if (counts.failedPolicyIds.length < MAX_FAILED_IDS) counts.failedPolicyIds.push(policy.policyId);
    logger.error('daily run: a policy step failed; the run goes on', {
      companyId,
      day,
      policyId: policy.policyId,
      error: error instanceof Error ? error.message : String(error),
    });
  };
  // A step decided by another run first (it decides nothing now) was still this day's: counted.
  const counted = (step: CalendarStep) => {
    if (step.kind === 'notice') counts.noticesIssued++;
    else if (step.kind === 'lapse') counts.policiesLapsed++;
    else counts.policiesReinstated++;
  };
  type Planned = { policy: BillingPolicy; steps: CalendarStep[]; plan: CalendarPlan };
  /** The policy's steps of the day as commands (null: none, or it failed); counts its premium if one falls due. */
  const planOf = (policy: BillingPolicy): Planned | null => {
    try {
      if (fallsDueOn(policy, day)) counts.premiumsFallenDue++;
      const steps = calendarSteps(policy.calendar, policy.rules, day);
      if (steps.length === 0) return null;
      const commands = steps.map((step) => stepCommand(policy, step, day, companyId, companyName));
      return { policy, steps, plan: { policyId: policy.policyId, commands } };
    } catch (error) {
      failed(policy, error);
      return null;
    }
  };
  /** Each step its own command under its derived id: a lone policy, or a batch that could not be appended whole. */
  const stepByStep = async ({ policy, steps, plan }: Planned) => {
    try {
      for (const [i, step] of steps.entries()) {
        wrote((await takeCalendarStep(deps.store, plan.commands[i]!, ctx)).append);
        counted(step);
      }
    } catch (error) {
      failed(policy, error);
    }
  };
  const oneBatch = async (batch: BillingPolicy[]) => {
    const planned = batch.map(planOf).filter((p): p is Planned => p !== null);
    if (planned.length === 0) return;
    if (planned.length === 1) return stepByStep(planned[0]!);
    let outcome;
    try {
      outcome = await takeCalendarStepsTogether(
        deps.store,
        planned.map((p) => p.plan),
        ctx,
        companyId,
      );
    } catch (error) {
      logger.warn('daily run: a batch could not be appended whole; its policies are taken one at a time', {
        companyId,
        day,
        policies: planned.length,
        error: error instanceof Error ? error.message : String(error),
      });
      for (const one of planned) await stepByStep(one);
      return;
    }
    wrote(outcome.append);
    for (const { policy, steps } of planned) {
      const result = outcome.policies.get(policy.policyId);
      if (result && 'error' in result) failed(policy, result.error);
      else steps.forEach(counted);
    }
  };
  // The book is read a page at a time (memory holds one page and the next, not the whole book), the
  // next page read while this one's batches run. Batches are independent policies' streams: a few in
  // flight keep the database busy while one is decided. A policy's own steps (a notice, then a lapse)
  // stay in order within its batch.
  const size = Math.max(1, deps.batchSize ?? DAILY_RUN_BATCH);
  const pages = billingBookPages(deps.sql, companyId, Math.max(size, deps.pageSize ?? DAILY_RUN_PAGE));
  let reading = pages.next();
  try {
    for (;;) {
      const page = await reading;
      if (page.done) break;
      reading = pages.next();
      const batches: BillingPolicy[][] = [];
      for (let i = 0; i < page.value.length; i += size) batches.push(page.value.slice(i, i + size));
      let next = 0;
      const worker = async () => {
        while (next < batches.length) await oneBatch(batches[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? DAILY_RUN_CONCURRENCY, batches.length) }, worker));
    }
  } finally {
    // A page read ahead when a batch threw is not waited for, nor left to reject unhandled.
    reading.catch(() => {});
    await pages.return(undefined).catch(() => {});
  }
  return counts;
}

/** An active policy whose premium falls due on the day. */
function fallsDueOn(policy: BillingPolicy, day: string): boolean {
  if (policy.calendar.status !== 'active') return false;
  return calendarLedger(policy.calendar, day, []).periods.some((p) => p.dueDate === day);
}

/** The command of one step, with what the policy's stream cannot know (due dates, rules, the contact, the company's name). */
export function stepCommand(
  policy: BillingPolicy,
  step: CalendarStep,
  day: string,
  companyId: string,
  companyName: string,
): CalendarCommand {
  const base = { policyId: policy.policyId, companyId, day };
  switch (step.kind) {
    case 'notice':
      return {
        ...base,
        step: 'notice',
        missed: step.missed,
        arrears: step.arrears,
        graceEndsOn: step.graceEndsOn,
        contact: policy.contact,
        companyName,
      };
    case 'lapse': {
      const deciding = missedPremiums(policy.calendar, day).find((m) => m.period === step.period);
      if (!deciding) throw new Error(`The premium ${step.period} of policy ${policy.policyId} is not missed on ${day}.`);
      return {
        ...base,
        step: 'lapse',
        period: step.period,
        dueDate: deciding.dueDate,
        graceDays: policy.rules.graceDays,
        missed: step.missed,
        arrears: step.arrears,
      };
    }
    case 'reinstate':
      return { ...base, step: 'reinstate', lapsedOn: step.lapsedOn };
  }
}
