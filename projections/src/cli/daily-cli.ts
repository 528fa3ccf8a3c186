import { commandContext } from '@fpa/write-model';
import type { EventStore, SqlClient } from '@fpa/write-model/event-store';
import { dateProblem, EARLIEST_DATE, southAfricanDate } from '@fpa/write-model/validation';
import { billingProjection } from '../billing/billing.projection.ts';
import { activeBillingCompanies, findBillingCompany } from '../billing/billing.queries.ts';
import { runDailyBilling } from '../billing/daily-run.ts';
import { catchUpTo, committedHead } from '../engine/catch-up-to.ts';
import { createProjectionEngine } from '../engine/engine.ts';
import type { ProjectionLogger } from '../engine/types.ts';

export const DAILY_USAGE = `Usage: npm run daily -- [--as-of YYYY-MM-DD] [--company ID]

  Runs the billing calendar (premiums due, non-payment notices, lapses, reinstatements) up to the day
  (default today, South African; never after it), catching up the days missed since each company's
  last run, in order. Every active company, or the one named. Running a day again changes nothing.

Exit code 0 when every company ran and no policy failed, 1 otherwise, 2 for a usage error.
Uses DATABASE_URL (a PostgreSQL server; the gateway may keep running) or PGlite in DATA_DIR (default ./data;
stop the server first), and DATA_KEY or DATA_DIR/master.key.`;

export type DailyCliDeps = { sql: SqlClient; store: EventStore; out: (line: string) => void; now?: () => Date; logger?: ProjectionLogger };

function option(args: readonly string[], name: string): string | null | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  return args[at + 1] ?? null;
}

/** Answers the exit code. */
export async function runDailyCli(args: readonly string[], deps: DailyCliDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const today = southAfricanDate(now);
  const known = new Set(['--as-of', '--company']);
  const unknown = args.filter((a, i) => a.startsWith('--') && !known.has(a) && !known.has(args[i - 1] ?? ''));
  const given = option(args, '--as-of');
  const companyId = option(args, '--company');
  if (unknown.length > 0 || given === null || companyId === null || given?.startsWith('--') || companyId?.startsWith('--')) {
    deps.out(DAILY_USAGE);
    return 2;
  }
  const asOf = given ?? today;
  const problem = dateProblem(asOf, { earliest: EARLIEST_DATE, latest: today });
  if (problem) {
    deps.out(problem === 'tooLate' ? `--as-of cannot be after today (${today}).` : `--as-of must be a date (YYYY-MM-DD), not "${asOf}".`);
    return 2;
  }
  const quiet: ProjectionLogger = { info: () => {}, warn: () => {}, error: () => {} };
  const logger = deps.logger ?? quiet;
  // With PGlite nobody else projects while the server is stopped: this command brings the billing read model up to date itself.
  const engine = createProjectionEngine({ sql: deps.sql, store: deps.store, projectors: [billingProjection], logger });
  const waitForBilling = async (target: Parameters<typeof catchUpTo>[1]) => {
    const result = await catchUpTo(engine, target);
    if (result.failed.length > 0) throw new Error(`The billing read model failed: ${result.failed.map((f) => f.error).join('; ')}`);
  };
  try {
    await waitForBilling(await committedHead(deps.sql));
    const companies = companyId ? [await findBillingCompany(deps.sql, companyId)] : await activeBillingCompanies(deps.sql);
    if (companyId && !companies[0]) {
      deps.out(`No company ${companyId}.`);
      return 1;
    }
    let ok = true;
    for (const company of companies) {
      if (!company) continue;
      const ctx = { ...commandContext({ userId: null, role: null, companyId: company.companyId }), now };
      try {
        const s = await runDailyBilling(
          { store: deps.store, sql: deps.sql, logger, waitForBilling },
          { companyId: company.companyId, asOf, ctx },
        );
        const ran = s.daysRun === 0 ? `already done up to ${s.lastDay}` : `${s.daysRun} day(s) ${s.days[0]}..${s.days.at(-1)}`;
        deps.out(
          `${company.name} (${company.companyId}): ${ran}; premiums fallen due ${s.premiumsFallenDue}, notices ${s.noticesIssued}, ` +
            `lapsed ${s.policiesLapsed}, reinstated ${s.policiesReinstated}, failed ${s.failed}${s.failed > 0 ? ` (${s.failedPolicyIds.join(', ')})` : ''}`,
        );
        if (s.failed > 0) ok = false;
      } catch (error) {
        ok = false;
        deps.out(`${company.name} (${company.companyId}): failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (companies.length === 0) deps.out('No active company.');
    return ok ? 0 : 1;
  } finally {
    await engine.stop();
  }
}
