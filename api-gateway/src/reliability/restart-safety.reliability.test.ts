import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChunkResult } from '@fpa/write-model';
import { reliabilityRuns, reportFigures, reportSkipped, serverDriver, type TestDatabase } from '@fpa/write-model/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../testing.ts';
import { freePort, startProcess, type Started } from './processes.testing.ts';
import { uniqueSaId } from './races.testing.ts';

/**
 * Area 8 of the reliability suite (issue #12): restart safety. The real server (main.ts) on a
 * PostgreSQL database takes a bulk member import chunk by chunk, as the import dialog sends it, and
 * is killed with SIGKILL at a random moment of a random chunk. Started again, the import is resumed
 * (the same import id from chunk 0: done chunks answer their first result) or repeated as a fresh
 * import of the same file. Either way the company ends with exactly the file's members: none half
 * written, none twice.
 */
const RUNS = reliabilityRuns('restart', 10);
const AREA = '8 restart safety';
const TEST = 'server SIGKILLed mid bulk import, restarted, import resumed or repeated';
const SKIP_REASON = 'needs TEST_DATABASE_URL (a PostgreSQL server): the server runs as a separate process on it';
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const CHUNKS = 4;
const ROWS_PER_CHUNK = 60;
const driver = serverDriver();
if (!driver) reportSkipped(AREA, TEST, 'pglite', SKIP_REASON);

type Row = Record<string, string>;

/** A CSV file's rows: main members with a policy, and family members naming a main member above them. */
function importFile(policyTypeId: string): Row[] {
  const rows: Row[] = [];
  const mains: string[] = [];
  for (let i = 0; i < CHUNKS * ROWS_PER_CHUNK; i++) {
    const saId = uniqueSaId();
    const base = {
      firstName: `Import${i}`,
      lastName: 'Zulu',
      identifierType: 'saId',
      saId,
      phone: '0831234567',
      address: '5 Main Road',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
    };
    if (i % 4 === 3)
      rows.push({
        ...base,
        isMainMember: 'false',
        mainMemberIdentifier: mains[Math.floor(Math.random() * mains.length)]!,
        relationship: 'spouse',
      });
    else {
      rows.push({ ...base, isMainMember: 'true', policyTypeId });
      mains.push(saId);
    }
  }
  return rows;
}

describe(AREA, () => {
  let db: TestDatabase;
  const dataKey = randomBytes(32).toString('base64');
  const dataDir = mkdtempSync(join(tmpdir(), 'fpa-restart-'));
  const servers: Started[] = [];
  beforeAll(async () => {
    if (driver) db = await driver.create();
  });
  afterAll(async () => {
    await Promise.allSettled(servers.map((s) => s.kill()));
    await db?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer() {
    const port = await freePort();
    const server = startProcess(MAIN, {
      DATABASE_URL: db.url!,
      DATA_KEY: dataKey,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    servers.push(server);
    await server.logged(/^server started/, 120_000);
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: await response.json() };
    };
    return { server, call };
  }

  const count = async (query: string, params: unknown[]) => (await db.sql.query<{ n: number }>(query, params))[0]!.n;

  it.skipIf(!driver)(
    `${RUNS} runs: no half member, no duplicate, the file's members exactly${driver ? '' : ` (skipped: ${SKIP_REASON})`}`,
    async () => {
      const startedAt = Date.now();
      const stats = {
        cutOffMidChunk: 0,
        answeredBeforeKill: 0,
        killedChunkCommitted: 0,
        killedChunkRolledBack: 0,
        resumed: 0,
        repeatedFresh: 0,
        chunksSent: 0,
        rowsChecked: 0,
      };
      const violations = { wrongMembers: 0, duplicates: 0, halfMembers: 0, quotaMismatch: 0, failedRows: 0, readModelMismatch: 0 };
      let runs = 0;
      for (let run = 0; run < RUNS; run++) {
        let { server, call } = await startServer();
        const registered = (await call('POST', '/api/register', registration())).body;
        const token = registered.token as string;
        const companyId = registered.user.companyId as string;
        const type = (
          await call(
            'POST',
            '/api/policy-types',
            { name: 'Basic Cover', coverageAmount: '10000', monthlyPremium: '120', waitingPeriod: 0 },
            token,
          )
        ).body;
        const rows = importFile(type.id);
        const chunkOf = (importId: string, index: number) => ({
          importId,
          chunkIndex: index,
          firstRowNumber: 2 + index * ROWS_PER_CHUNK,
          rows: rows.slice(index * ROWS_PER_CHUNK, (index + 1) * ROWS_PER_CHUNK),
        });

        // The first attempt: chunks in order until the kill, which lands while chunk `killAt` is in flight.
        const importId = `file-${randomUUID()}`;
        const killAt = Math.floor(Math.random() * CHUNKS);
        const durations: number[] = [];
        for (let index = 0; index < killAt; index++) {
          const sent = Date.now();
          const answer = await call('POST', '/api/members/import', chunkOf(importId, index), token);
          expect(answer.status).toBe(200);
          durations.push(Date.now() - sent);
          stats.chunksSent += 1;
        }
        const typical = durations.length ? durations.reduce((a, b) => a + b, 0) / durations.length : 800;
        const inFlight = call('POST', '/api/members/import', chunkOf(importId, killAt), token).then(
          () => 'answered' as const,
          () => 'cut off' as const,
        );
        stats.chunksSent += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * typical * 1.2));
        await server.kill();
        if ((await inFlight) === 'cut off') stats.cutOffMidChunk += 1;
        else stats.answeredBeforeKill += 1;

        // Where the kill landed: the in-flight chunk's transaction committed before it, or died with it.
        if (await findChunkResult(db.sql, companyId, importId, killAt)) stats.killedChunkCommitted += 1;
        else stats.killedChunkRolledBack += 1;

        ({ server, call } = await startServer());
        // Resume (same import id from the start) or repeat the whole file as a new import.
        const resume = run % 2 === 0;
        const againId = resume ? importId : `file-${randomUUID()}`;
        if (resume) stats.resumed += 1;
        else stats.repeatedFresh += 1;
        for (let index = 0; index < CHUNKS; index++) {
          const answer = await call('POST', '/api/members/import', chunkOf(againId, index), token);
          expect(answer.status).toBe(200);
          stats.chunksSent += 1;
          // A repeat refuses the rows already imported (their SA IDs exist); a resume refuses none.
          const refused = (answer.body.failed as { errors: string[] }[]).filter((f) => !f.errors.every((e) => /already exists/.test(e)));
          if (refused.length > 0 || answer.body.skippedForLimit > 0) violations.failedRows += 1;
        }

        // Exactly the file: each SA ID once among the events, the read model and the quota.
        const expected = new Set(rows.map((r) => r.saId!));
        const members = (await call('GET', '/api/members', undefined, token)).body as {
          saId: string;
          mainMemberId: string | null;
          policyNumber: string | null;
          isMainMember: boolean;
        }[];
        const listed = members.map((m) => m.saId);
        if (listed.length !== expected.size || new Set(listed).size !== listed.length) violations.duplicates += 1;
        if (!listed.every((s) => expected.has(s)) || ![...expected].every((s) => listed.includes(s))) violations.wrongMembers += 1;
        const registeredEvents = await count(
          `select count(*)::int as n from es_events where company_id = $1 and type = 'MemberRegistered'`,
          [companyId],
        );
        const policies = await count(`select count(*)::int as n from es_events where company_id = $1 and type = 'PolicyIssued'`, [
          companyId,
        ]);
        const links = await count(`select count(*)::int as n from es_events where company_id = $1 and type = 'FamilyMemberAdded'`, [
          companyId,
        ]);
        const mains = rows.filter((r) => r.isMainMember === 'true').length;
        // A half member: registered without its policy (main) or without the link on its main member (family).
        if (registeredEvents !== rows.length || policies !== mains || links !== rows.length - mains) {
          violations.halfMembers += 1;
          console.error(
            `run ${run}: ${registeredEvents} members registered, ${policies} policies, ${links} family links; the file has ${rows.length} rows, ${mains} main members`,
          );
        }
        if (members.some((m) => (m.isMainMember ? !m.policyNumber : !m.mainMemberId))) violations.readModelMismatch += 1;
        const [quota] = await db.sql.query<{ used: number }>(`select members_used as used from company_quotas where company_id = $1`, [
          companyId,
        ]);
        if (quota?.used !== rows.length) violations.quotaMismatch += 1;
        stats.rowsChecked += rows.length;
        await server.stop();
        runs += 1;
      }

      const differences = Object.values(violations).reduce((a, b) => a + b, 0);
      reportFigures(
        {
          area: AREA,
          test: TEST,
          runs,
          checked: stats.rowsChecked,
          checkedWhat: 'imported rows',
          differences,
          details: { ...stats, ...violations },
          driver: driver!.name,
        },
        startedAt,
      );
      expect(violations).toEqual({ wrongMembers: 0, duplicates: 0, halfMembers: 0, quotaMismatch: 0, failedRows: 0, readModelMismatch: 0 });
      expect(runs).toBe(RUNS);
    },
  );
});
