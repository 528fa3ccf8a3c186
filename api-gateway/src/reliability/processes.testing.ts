import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Test-only: a TypeScript entry point (the gateway's main.ts, the projection worker's) run as a real
 * child process through tsx, so the reliability suite can SIGKILL it like an operator or the OOM
 * killer would, and start it again.
 */
export type Started = {
  child: ChildProcess;
  /** stdout and stderr lines, for the failure message. */
  log: string[];
  /** Resolves with the first JSON log line whose msg matches; rejects if the process exits first. */
  logged(msg: string | RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no shutdown hook runs, open transactions die with the connections. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the clean shutdown. */
  stop(): Promise<void>;
};

export function startProcess(entry: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const entries: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
      for (const wake of waiters) wake();
    });
  });
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      log.push(line);
      try {
        entries.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a JSON log line
      }
      for (const wake of waiters) wake();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  const alive = () => child.exitCode === null && child.signalCode === null;

  return {
    child,
    log,
    exited,
    logged(msg, timeoutMs = 60_000) {
      const matches = (e: Record<string, unknown>) => (typeof msg === 'string' ? e.msg === msg : msg.test(String(e.msg)));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = entries.find(matches);
          if (found) return done(() => resolve(found));
          if (!alive()) return done(() => reject(new Error(`process exited before logging "${msg}":\n${log.slice(-30).join('\n')}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no "${msg}" within ${timeoutMs} ms:\n${log.slice(-30).join('\n')}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A TCP port free on 127.0.0.1 now, for a server process a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
