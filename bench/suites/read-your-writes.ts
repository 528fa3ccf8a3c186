import { randomUUID } from 'node:crypto';
import { call } from '../context.ts';
import type { Figure } from '../report.ts';
import { percentiles, round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const RATE = 100; // commands per second, open loop: a slow answer does not slow the arrivals

/**
 * Issue #11 §3: member registrations at a steady 100/s through the REST API; each one's latency runs
 * from sending the command to its row being in the members list query (searched by its unique name).
 * The projection lag is what the gateway's read-your-writes wait measured for each command.
 */
export async function readYourWritesSuite({ db, options, log, tenant, server }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  const { baseUrl, services } = await server();
  const token = await company.token();
  const waits: number[] = [];
  const engine = services.engine;
  const waitFor = engine.waitFor;
  engine.waitFor = async (checkpoint, waitOptions) => {
    const result = await waitFor(checkpoint, waitOptions);
    waits.push(result.waitedMs);
    return result;
  };
  const run = randomUUID().slice(0, 6).replace(/[0-9]/g, 'x');
  const latencies: number[] = [];
  let notVisible = 0;
  const one = async (i: number) => {
    const lastName = `Ryw${run}${String.fromCharCode(97 + (i % 26))}${i}`;
    const started = performance.now();
    await call(
      baseUrl,
      'POST',
      '/api/members',
      {
        firstName: 'Steady',
        lastName,
        identifierType: 'passport',
        passportNumber: `RYW${run}${i}`.toUpperCase(),
        isMainMember: true,
        policyTypeId: company.policyTypeIds[0],
        phone: '0821234567',
        address: '1 Main Road',
        city: 'Durban',
        province: 'KZN',
        postalCode: '4001',
      },
      token,
    );
    const answer = await call<{ data?: { members: { nodes: { lastName: string }[] } } }>(
      baseUrl,
      'POST',
      '/graphql',
      { query: `query ($s: String) { members(first: 5, search: $s) { nodes { lastName } } }`, variables: { s: lastName } },
      token,
    );
    latencies.push(performance.now() - started);
    if (!answer.data?.members.nodes.some((m) => m.lastName === lastName)) notVisible += 1;
  };
  const inFlight: Promise<void>[] = [];
  const failures: unknown[] = [];
  const t0 = performance.now();
  try {
    for (let i = 0; i < options.rywCommands; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Caught at once: a failure must not become an unhandled rejection while later commands are still scheduled.
      inFlight.push(one(i).catch((error: unknown) => void failures.push(error)));
    }
    await Promise.all(inFlight);
    if (failures.length > 0) throw failures[0];
  } finally {
    engine.waitFor = waitFor;
  }
  const achieved = options.rywCommands / ((performance.now() - t0) / 1000);
  const p = percentiles(latencies);
  const lag = percentiles(waits);
  log(
    `read-your-writes: p50 ${p.p50} p95 ${p.p95} p99 ${p.p99} ms; lag p99 ${lag.p99} ms; ${notVisible} not visible; ${round(achieved, 1)}/s`,
  );
  const met = db.driver === 'postgres' ? p.p99 < 50 && notVisible === 0 : null;
  return [
    {
      suite: 'read-your-writes',
      metric: `command → row in list p99 (p50 ${p.p50}, p95 ${p.p95}; ${round(achieved, 0)} cmd/s)`,
      value: p.p99,
      unit: 'ms',
      target: 'p99 < 50 ms',
      met,
    },
    { suite: 'read-your-writes', metric: `projection lag p99 (p50 ${lag.p50}, max ${lag.max})`, value: lag.p99, unit: 'ms' },
    {
      suite: 'read-your-writes',
      metric: 'rows not visible right after the answer',
      value: notVisible,
      unit: '',
      target: '0',
      met: notVisible === 0,
    },
  ];
}
