import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { BenchDatabase } from './context.ts';

const ROOT = new URL('../', import.meta.url).pathname;

/**
 * The gateway as its own process (npm start's entry point) on the bench's server database: what
 * the import's memory target is about is the server process alone, without the bench beside it.
 * Only for the PostgreSQL server (PGlite's folder cannot be opened by two processes).
 */
export type ChildGateway = { baseUrl: string; pid: number; peakRssBytes(): number; stop(): Promise<void> };

export async function startChildGateway(db: BenchDatabase): Promise<ChildGateway> {
  if (!db.url) throw new Error('a child gateway needs the PostgreSQL server');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
    probe.on('error', reject);
  });
  const logs: string[] = [];
  // BENCH_GATEWAY_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for the gateway (a profile of it).
  const nodeArgs = process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', `${ROOT}api-gateway/src/main.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_KEY: db.dataKey,
      DATA_DIR: db.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      VITEST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited early:\n${logs.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the gateway did not start within 2 minutes:\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    // VmHWM: the kernel's peak resident set of the process, so no sample can miss a spike.
    peakRssBytes: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
