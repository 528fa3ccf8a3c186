import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { BenchDatabase } from './context.ts';
import { readProcStat } from './proc-stat.ts';

const ROOT = new URL('../', import.meta.url).pathname;

/**
 * The gateway (npm start's entry point) or the projection worker as its own process on the bench's
 * server database: what the import's memory target is about is the server process alone, and the
 * production shape (issue #26) is the gateway with PROJECTIONS=off beside a worker. Only for the
 * PostgreSQL server (PGlite's folder cannot be opened by two processes).
 */
export type ChildProcess = { baseUrl: string; pid: number; peakRssBytes(): number; cpuSeconds(): number; stop(): Promise<void> };
export type ChildGateway = ChildProcess;

async function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
    probe.on('error', reject);
  });
}

async function startChild(db: BenchDatabase, entry: string, portVariable: string, env: Record<string, string>): Promise<ChildProcess> {
  if (!db.url) throw new Error('a child process needs the PostgreSQL server');
  const port = await freePort();
  const logs: string[] = [];
  // BENCH_GATEWAY_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for the child (a profile of it).
  const nodeArgs = process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', `${ROOT}${entry}`], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_KEY: db.dataKey,
      DATA_DIR: db.dataDir,
      [portVariable]: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      VITEST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited early:\n${logs.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start within 2 minutes:\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    // VmHWM: the kernel's peak resident set of the process, so no sample can miss a spike.
    peakRssBytes: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024,
    cpuSeconds: () => readProcStat(child.pid!).cpuSeconds,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The gateway; `env` adds to its environment (PROJECTIONS=off for the production shape). */
export function startChildGateway(db: BenchDatabase, env: Record<string, string> = {}): Promise<ChildGateway> {
  return startChild(db, 'api-gateway/src/main.ts', 'PORT', env);
}

/** A projection worker (`npm run worker -w projections`), answering /healthz on its own port. */
export function startChildWorker(db: BenchDatabase, env: Record<string, string> = {}): Promise<ChildProcess> {
  return startChild(db, 'projections/src/worker/main.ts', 'WORKER_PORT', env);
}
