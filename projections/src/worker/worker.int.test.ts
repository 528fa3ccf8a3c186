import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { commandContext, migrateWriteModel, registerCompany, VISITOR } from '@fpa/write-model';
import { createKeyring, createPostgresEventStore } from '@fpa/write-model/event-store';
import { serverDriver, type TestDatabase } from '@fpa/write-model/testing';
import { luhnCheckDigit } from '@fpa/write-model/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCompany } from '../companies/companies.queries.ts';

/**
 * Two worker processes (`npm run worker -w projections`, started here with tsx) share the companies
 * projector on one PostgreSQL database. The one holding the lease is killed with SIGKILL (no
 * hand-back, no clean shutdown): the other takes the lease once it expires and projects new events.
 */
const TTL_MS = 2_000;
const RENEW_MS = 250;
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const driver = serverDriver();
const suite = driver ? describe : describe.skip;

type Started = { child: ChildProcess; port: Promise<number>; log: string[] };

function startWorker(id: string, db: TestDatabase, dataKey: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: db.url!,
      DATA_KEY: dataKey,
      WORKER_ID: id,
      PROJECTORS: 'companies',
      LEASE_TTL_MS: String(TTL_MS),
      LEASE_RENEW_MS: String(RENEW_MS),
      WORKER_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const port = new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        log.push(line);
        const entry = JSON.parse(line) as { msg: string; port?: number };
        if (entry.msg === 'projection worker started' && entry.port) resolve(entry.port);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`worker ${id} exited (${code}) before starting:\n${log.join('\n')}`)));
  });
  return { child, port, log };
}

async function health(port: number): Promise<{ status: number; body: { ok: boolean; owner: string; projectors: string[] } }> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  return { status: response.status, body: (await response.json()) as never };
}

suite(
  driver
    ? 'projection workers as processes on the PostgreSQL server'
    : 'projection workers as processes (needs TEST_DATABASE_URL: workers share a PostgreSQL server)',
  () => {
    let db: TestDatabase;
    const workers: Started[] = [];
    beforeAll(async () => {
      db = await driver!.create();
      await migrateWriteModel(db.sql);
    });
    afterAll(async () => {
      for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await db?.dispose();
    });

    it('one holds the lease; killed with SIGKILL, the other takes over within the lease and projects new events', async () => {
      const dataKey = randomBytes(32).toString('base64');
      const store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, Buffer.from(dataKey, 'base64')) });
      const register = (n: number) =>
        registerCompany(
          store,
          {
            username: `admin${n}`,
            password: 'secret1',
            email: `admin${n}@example.co.za`,
            firstName: 'Thandi',
            lastName: 'Nkosi',
            companyName: `Worker Company ${n}`,
            cipNumber: `2019/20000${n}/07`,
            adminSaId: `850615500908${luhnCheckDigit('850615500908')}`,
            companyEmail: `info${n}@example.co.za`,
            companyPhone: '0821234567',
          },
          commandContext(VISITOR),
        );
      const projected = async (companyId: string, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const row = await findCompany(db.sql, companyId).catch(() => null);
          if (row) return row;
          if (Date.now() > deadline) throw new Error(`company ${companyId} was not projected within ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      try {
        workers.push(startWorker('worker-1', db, dataKey), startWorker('worker-2', db, dataKey));
        const ports = await Promise.all(workers.map((w) => w.port));
        const first = await register(1);
        expect((await projected(first.companyId, 20_000)).name).toBe('Worker Company 1');

        const [lease] = await db.sql.query<{ owner: string }>(`select owner from projection_leases where projector = 'companies'`);
        const holder = lease!.owner === 'worker-1' ? 0 : 1;
        const survivor = 1 - holder;
        expect((await health(ports[holder]!)).body).toMatchObject({ ok: true, projectors: ['companies'], parked: 0 });
        expect((await health(ports[survivor]!)).body).toMatchObject({ ok: true, projectors: [] });

        workers[holder]!.child.kill('SIGKILL');
        const killedAt = Date.now();
        const second = await register(2);
        expect((await projected(second.companyId, TTL_MS + 10_000)).name).toBe('Worker Company 2');
        const tookOver = Date.now() - killedAt;
        const [after] = await db.sql.query<{ owner: string }>(`select owner from projection_leases where projector = 'companies'`);
        expect(after!.owner).toBe(survivor === 0 ? 'worker-1' : 'worker-2');
        // Within the lease: the ttl, one renewal round, and room for a busy shared machine.
        expect(tookOver).toBeLessThan(TTL_MS + RENEW_MS + 5_000);
        expect((await health(ports[survivor]!)).body).toMatchObject({ ok: true, projectors: ['companies'] });
      } finally {
        await store.close();
      }
    });
  },
);
