import { saId } from '../../scripts/sim/generator.ts';
import { call } from '../context.ts';
import type { Figure } from '../report.ts';
import { percentiles, round, sample } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const TARGET_MS = 20;

/**
 * Issue #11 §4: the screens people use most, on the big tenant, through HTTP with a real session.
 * The baseline in the same run is an authenticated GraphQL request that reads nothing ({ __typename }):
 * what every request pays before its query (session, permissions, parsing).
 */
export async function queriesSuite({ db, options, log, tenant, server }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  const { baseUrl } = await server();
  const token = await company.token();
  const gql = async <T = unknown>(query: string, variables: Record<string, unknown> = {}) => {
    const answer = await call<{ data: T; errors?: unknown[] }>(baseUrl, 'POST', '/graphql', { query, variables }, token);
    if (answer.errors) throw new Error(`GraphQL: ${JSON.stringify(answer.errors).slice(0, 300)}`);
    return answer.data;
  };
  // A member the generator made (its first member is serial 1): search by the exact ID, as a clerk would.
  const idNumber = saId(1);
  const found = await gql<{ members: { totalCount: number } }>(`query ($s: String) { members(first: 20, search: $s) { totalCount } }`, {
    s: idNumber,
  });
  if (found.members.totalCount < 1) throw new Error(`member search by SA ID ${idNumber} found nothing`);

  const n = options.querySamples;
  const cases: [string, () => Promise<unknown>, string | null][] = [
    ['authenticated no-op request (baseline)', () => gql('{ __typename }'), null],
    [
      'member search by name prefix',
      () => gql(`query { members(first: 20, search: "Nko") { totalCount nodes { id firstName lastName } } }`),
      'p95 < 20 ms',
    ],
    [
      'member search by SA ID',
      () => gql(`query ($s: String) { members(first: 20, search: $s) { totalCount nodes { id } } }`, { s: idNumber }),
      'p95 < 20 ms',
    ],
    ['policies list page', () => gql(`query { policies(first: 20) { totalCount nodes { id policyNumber status } } }`), 'p95 < 20 ms'],
    ['dashboard stats', () => gql(`query { dashboardStats { totalMembers activePolicies monthlyRevenue memberGrowth } }`), 'p95 < 20 ms'],
  ];
  const figures: Figure[] = [];
  let baseline = NaN;
  for (const [metric, run, target] of cases) {
    const p = percentiles(await sample(n, run));
    log(`${metric}: p50 ${p.p50} ms, p95 ${p.p95} ms`);
    if (target === null) {
      baseline = p.p95;
      figures.push({ suite: 'queries', metric: `${metric} p95`, value: p.p95, unit: 'ms' });
      continue;
    }
    figures.push({
      suite: 'queries',
      metric: `${metric} p95 (p50 ${p.p50})`,
      value: p.p95,
      unit: 'ms',
      ratio: { value: round(p.p95 / baseline), over: 'no-op request' },
      target,
      met: db.driver === 'postgres' ? p.p95 < TARGET_MS : null,
    });
  }
  // The specification's REST list returns every member at once: a handful of samples is enough.
  const all = await sample(Math.max(3, Math.min(10, Math.ceil(n / 10))), () => call(baseUrl, 'GET', '/api/members', undefined, token), 1);
  const rows = (await call<unknown[]>(baseUrl, 'GET', '/api/members', undefined, token)).length;
  const worst = round(Math.max(...all));
  log(`/api/members (${rows} rows): worst ${worst} ms`);
  figures.push({
    suite: 'queries',
    metric: `REST /api/members, ${rows.toLocaleString('en-US')} rows (worst of ${all.length})`,
    value: worst,
    unit: 'ms',
    target: '< 1 s',
    met: db.driver === 'postgres' ? worst < 1000 : null,
  });
  return figures;
}
