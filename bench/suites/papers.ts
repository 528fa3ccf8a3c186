import { call } from '../context.ts';
import type { Figure } from '../report.ts';
import { percentiles, round, sample } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

/** Issue #23: a schedule PDF p95 < 300 ms; 1,000 schedules in one batch (a mailing) < 60 s. */
const SCHEDULE_P95_MS = 300;
const BATCH = 1_000;
const BATCH_TARGET_MS = 60_000;

/**
 * The policy schedule through HTTP (GET /api/policies/{id}/schedule.pdf) on the bench tenant: one
 * policy's again and again, then the book's policies one after another as a mailing would fetch them.
 * The baseline is the same policy's JSON statement (the same session, lookups and billing read).
 */
export async function papersSuite({ options, log, tenant, server }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  const { baseUrl } = await server();
  const token = await company.token();
  const policies = (await call<{ id: string }[]>(baseUrl, 'GET', '/api/policies', undefined, token)).map((p) => p.id);
  if (policies.length === 0) throw new Error('the tenant has no policies');
  const pdf = async (id: string) => {
    const response = await fetch(`${baseUrl}/api/policies/${id}/schedule.pdf`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok || bytes.length < 1000) throw new Error(`schedule ${id}: ${response.status}`);
  };
  const n = Math.max(5, Math.min(options.querySamples, 100));
  const statement = percentiles(await sample(n, () => call(baseUrl, 'GET', `/api/policies/${policies[0]}/statement`, undefined, token)));
  const one = percentiles(await sample(n, () => pdf(policies[0]!)));
  log(`schedule PDF: p50 ${one.p50} ms, p95 ${one.p95} ms (statement p95 ${statement.p95} ms)`);
  const count = Math.min(BATCH, Math.max(policies.length, options.smoke ? 20 : BATCH));
  const started = performance.now();
  for (let i = 0; i < count; i++) await pdf(policies[i % policies.length]!);
  const batchMs = performance.now() - started;
  log(`${count} schedules one after another: ${round(batchMs)} ms`);
  return [
    { suite: 'papers', metric: 'policy statement (JSON) p95, the baseline', value: statement.p95, unit: 'ms' },
    {
      suite: 'papers',
      metric: `policy schedule PDF p95 (p50 ${one.p50})`,
      value: one.p95,
      unit: 'ms',
      ratio: { value: round(one.p95 / statement.p95), over: 'statement' },
      target: 'p95 < 300 ms',
      met: one.p95 < SCHEDULE_P95_MS,
    },
    {
      suite: 'papers',
      metric: `${count.toLocaleString('en-US')} schedules in one batch`,
      value: round(batchMs / 1000, 1),
      unit: 's',
      ...(count === BATCH ? { target: '< 60 s', met: batchMs < BATCH_TARGET_MS } : {}),
    },
  ];
}
