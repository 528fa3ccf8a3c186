import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const run = promisify(execFile);
const CONNECTIONS = 50;

type LoadResult = { requestsPerSecond: number; total: number; p50: number; p99: number; errors: number; timeouts: number; non2xx: number };

async function load(options: Record<string, unknown>): Promise<LoadResult> {
  const child = new URL('../load-child.mjs', import.meta.url).pathname;
  const { stdout } = await run(process.execPath, [child, JSON.stringify(options)], { maxBuffer: 10_000_000 });
  return JSON.parse(stdout) as LoadResult;
}

/**
 * Issue #11 §7: a read-heavy mix (dashboard stats, members and policies pages, policy types) from
 * autocannon in a child process, 50 connections on loopback. The baseline in the same run is the
 * same server answering /healthz (no auth, no database): its HTTP ceiling on this machine.
 */
export async function httpSuite({ options, log, tenant, server }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  const { baseUrl } = await server();
  const token = await company.token();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const gql = (query: string) => ({ method: 'POST', path: '/graphql', headers, body: JSON.stringify({ query }) });
  const mix = [
    { method: 'GET', path: '/api/dashboard/stats', headers },
    gql('{ members(first: 20) { totalCount nodes { id firstName lastName } } }'),
    gql('{ policies(first: 20) { totalCount nodes { id policyNumber status } } }'),
    { method: 'GET', path: '/api/policy-types', headers },
    gql('{ dashboardStats { totalMembers activePolicies monthlyRevenue } }'),
  ];
  const ceiling = await load({
    url: `${baseUrl}/healthz`,
    connections: CONNECTIONS,
    duration: Math.max(2, Math.round(options.httpSeconds / 4)),
  });
  log(`http /healthz: ${Math.round(ceiling.requestsPerSecond)} req/s`);
  const result = await load({ url: baseUrl, connections: CONNECTIONS, duration: options.httpSeconds, requests: mix });
  const failures = result.errors + result.timeouts + result.non2xx;
  log(`http mix: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms, ${failures} failures`);
  return [
    { suite: 'http', metric: `/healthz, ${CONNECTIONS} connections (ceiling)`, value: round(ceiling.requestsPerSecond, 0), unit: 'req/s' },
    {
      suite: 'http',
      metric: `read mix ${options.httpSeconds} s, ${CONNECTIONS} conn (p99 ${result.p99} ms)`,
      value: round(result.requestsPerSecond, 0),
      unit: 'req/s',
      ratio: { value: round(result.requestsPerSecond / ceiling.requestsPerSecond), over: '/healthz' },
    },
    {
      suite: 'http',
      metric: `errors, timeouts and non-2xx of ${result.total.toLocaleString('en-US')}`,
      value: failures,
      unit: '',
      target: 'no errors',
      met: failures === 0,
    },
  ];
}
