import { randomUUID } from 'node:crypto';
import { startChildGateway, startChildWorker } from '../child-gateway.ts';
import { signIn } from '../context.ts';
import { lightClient, type LightClient } from '../light-client.ts';
import type { Figure } from '../report.ts';
import { postgresCpuSeconds } from '../proc-stat.ts';
import { percentiles, round } from '../stats.ts';
import { keepStatistics, type SuiteContext } from '../suite.ts';

type Run = { latencies: number[]; answers: number[]; notVisible: number; achieved: number };

/**
 * Registrations at a steady rate through REST against the gateway at baseUrl; each one's latency runs
 * from sending the command to its row being in the members list query (searched by its unique name),
 * and its answer's from sending to the command's 201 (which includes the gateway's read-your-writes wait).
 */
async function registrations(baseUrl: string, token: string, policyTypeId: string, commands: number, rate: number): Promise<Run> {
  const client = lightClient(baseUrl);
  try {
    return await registrationsBy(client, token, policyTypeId, commands, rate);
  } finally {
    client.close();
  }
}

async function registrationsBy(client: LightClient, token: string, policyTypeId: string, commands: number, rate: number): Promise<Run> {
  // Letters only (names take no digits): 12 of a-p, so two runs on one database do not meet.
  const run = [...randomUUID().replace(/-/g, '').slice(0, 12)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
  const latencies: number[] = [];
  const answers: number[] = [];
  let notVisible = 0;
  const one = async (i: number) => {
    const lastName = `Ryw${run}${String.fromCharCode(97 + (i % 26))}${i}`;
    const started = performance.now();
    await client.json(
      'POST',
      '/api/members',
      {
        firstName: 'Steady',
        lastName,
        identifierType: 'passport',
        passportNumber: `RYW${run}${i}`.toUpperCase(),
        isMainMember: true,
        policyTypeId,
        phone: '0821234567',
        address: '1 Main Road',
        city: 'Durban',
        province: 'KZN',
        postalCode: '4001',
      },
      token,
    );
    answers.push(performance.now() - started);
    const answer = await client.json<{ data?: { members: { nodes: { lastName: string }[] } } }>(
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
  for (let i = 0; i < commands; i++) {
    // Open loop: a slow answer does not slow the arrivals.
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Caught at once: a failure must not become an unhandled rejection while later commands are still scheduled.
    inFlight.push(one(i).catch((error: unknown) => void failures.push(error)));
  }
  await Promise.all(inFlight);
  if (failures.length > 0) throw failures[0];
  return { latencies, answers, notVisible, achieved: commands / ((performance.now() - t0) / 1000) };
}

/** `judged`: the p99 target is the production shape's (issue #26); the embedded shape reports what one process does. */
function figures(shape: string, run: Run, judged: boolean, lag?: number[]): Figure[] {
  const p = percentiles(run.latencies);
  const answer = percentiles(run.answers);
  const waited = lag ? percentiles(lag) : null;
  const suite = 'read-your-writes';
  return [
    {
      suite,
      metric: `${shape}: command → row in list p99 (p50 ${p.p50}, p95 ${p.p95}; ${round(run.achieved, 0)} cmd/s)`,
      value: p.p99,
      unit: 'ms',
      target: 'p99 < 50 ms',
      met: judged ? p.p99 < 50 && run.notVisible === 0 : null,
    },
    { suite, metric: `${shape}: the command's answer p99 (p50 ${answer.p50}, p95 ${answer.p95})`, value: answer.p99, unit: 'ms' },
    ...(waited
      ? [{ suite, metric: `${shape}: projection lag p99 (p50 ${waited.p50}, max ${waited.max})`, value: waited.p99, unit: 'ms' }]
      : []),
    {
      suite,
      metric: `${shape}: rows not visible right after the answer`,
      value: run.notVisible,
      unit: '',
      target: '0',
      met: run.notVisible === 0,
    },
  ];
}

function logRun(log: (m: string) => void, shape: string, run: Run, lag?: number[]) {
  const p = percentiles(run.latencies);
  const a = percentiles(run.answers);
  log(
    `read-your-writes (${shape}): p50 ${p.p50} p95 ${p.p95} p99 ${p.p99} ms; answer p99 ${a.p99} ms` +
      `${lag ? `; lag p99 ${percentiles(lag).p99} ms` : ''}; ${run.notVisible} not visible; ${round(run.achieved, 1)}/s`,
  );
}

/**
 * Issue #11 §3 and issue #26: member registrations at a steady 100/s (`--ryw-rate`) through the REST API, in two shapes,
 * each after `--ryw-warmup` registrations at the same rate that are not counted (the production shape's processes
 * are fresh: their first requests compile modules and open connections, which a serving gateway did long ago).
 * Embedded: the gateway with its projectors in one process (this one, beside the bench's client), the
 * projection lag taken from the gateway's own read-your-writes wait. Production (PostgreSQL server only):
 * the gateway with PROJECTIONS=off and a projection worker, each its own process, driven from this one.
 */
export async function readYourWritesSuite({ db, options, log, tenant, server, stopServer }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  const policyTypeId = company.policyTypeIds[0]!;
  const { baseUrl, services } = await server();
  const token = await company.token();
  // As in the queries suite: a running gateway has analyzed the read models it just built within a minute; without
  // statistics the member read after each registration scanned the company's members for the main member's join.
  await keepStatistics(db, log, 'the read models were built');
  const waits: number[] = [];
  const engine = services.engine;
  const waitFor = engine.waitFor;
  engine.waitFor = async (checkpoint, waitOptions) => {
    const result = await waitFor(checkpoint, waitOptions);
    waits.push(result.waitedMs);
    return result;
  };
  let embedded: Run;
  try {
    await registrations(baseUrl, token, policyTypeId, options.rywWarmup, options.rywRate);
    waits.length = 0;
    embedded = await registrations(baseUrl, token, policyTypeId, options.rywCommands, options.rywRate);
  } finally {
    engine.waitFor = waitFor;
  }
  logRun(log, 'embedded', embedded, waits);
  const out = figures('embedded', embedded, false, waits);
  if (!db.url) return out;

  // The production shape: this process's gateway stopped (its projectors would run beside the worker's).
  await stopServer();
  const worker = await startChildWorker(db, { LEASE_TTL_MS: '5000' });
  try {
    const gateway = await startChildGateway(db, { PROJECTIONS: 'off' });
    try {
      const productionToken = await signIn(gateway.baseUrl, company);
      await registrations(gateway.baseUrl, productionToken, policyTypeId, options.rywWarmup, options.rywRate);
      const cpuBefore = {
        gateway: gateway.cpuSeconds(),
        worker: worker.cpuSeconds(),
        server: postgresCpuSeconds(),
        bench: process.cpuUsage(),
      };
      const production = await registrations(gateway.baseUrl, productionToken, policyTypeId, options.rywCommands, options.rywRate);
      // What each process spent on a command and its read (CPU, not wall time): what bounds the rate.
      const perCommand = (seconds: number) => round((seconds * 1000) / options.rywCommands, 1);
      const gatewayMs = perCommand(gateway.cpuSeconds() - cpuBefore.gateway);
      const workerMs = perCommand(worker.cpuSeconds() - cpuBefore.worker);
      const serverMs = perCommand(postgresCpuSeconds() - cpuBefore.server);
      const benchCpu = process.cpuUsage(cpuBefore.bench);
      const benchMs = perCommand((benchCpu.user + benchCpu.system) / 1e6);
      logRun(log, 'production', production);
      log(
        `read-your-writes (production): CPU per command and its read: gateway ${gatewayMs} ms, worker ${workerMs} ms, ` +
          `PostgreSQL ${serverMs} ms, the bench's client ${benchMs} ms`,
      );
      out.push(
        ...figures('production (gateway + worker)', production, true),
        { suite: 'read-your-writes', metric: 'production: gateway CPU per command and its read', value: gatewayMs, unit: 'ms' },
        { suite: 'read-your-writes', metric: 'production: worker CPU per command', value: workerMs, unit: 'ms' },
        { suite: 'read-your-writes', metric: 'production: PostgreSQL CPU per command and its read', value: serverMs, unit: 'ms' },
      );
    } finally {
      await gateway.stop();
    }
  } finally {
    await worker.stop();
  }
  return out;
}
