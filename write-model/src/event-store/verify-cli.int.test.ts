import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverDriver } from '../testing/databases.ts';
import { createKeyring } from './pii.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';
import { createPgliteClient, type SqlClient } from './sql.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

/** `npm run verify` as an operator runs it: the script's exit code and output. */
async function verify(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'write-model/src/event-store/verify-cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function seed(sql: SqlClient): Promise<void> {
  const store = await createPostgresEventStore(sql, { keyring: await createKeyring(sql, randomBytes(32)) });
  for (const n of [1, 2, 3]) {
    await store.append(
      [
        {
          streamId: `cli-${n}`,
          expectedVersion: 'any',
          events: [
            { type: 'A', data: { n } },
            { type: 'B', data: { n } },
          ],
        },
      ],
      {
        companyId: null,
        actorUserId: null,
      },
    );
  }
  await store.close();
}

const tamper = (sql: SqlClient) => sql.query(`update es_events set data = '{"n": 99}' where stream_id = 'cli-2' and stream_version = 2`);

describe('npm run verify', () => {
  it('passes on an intact PGlite database and reports the first broken link after a row is edited', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fpa-verify-'));
    try {
      let sql = await createPgliteClient({ dataDir: dir });
      await seed(sql);
      await sql.close();
      const intact = await verify({ DATA_DIR: dir });
      expect(intact).toMatchObject({ code: 0 });
      expect(intact.out).toContain('OK: every hash chain holds (6 events in 3 streams');

      sql = await createPgliteClient({ dataDir: dir });
      await tamper(sql);
      await sql.close();
      const broken = await verify({ DATA_DIR: dir });
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(/First broken link: stream cli-2, version 2, global position \d+: hash mismatch/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const server = serverDriver();
  it.skipIf(!server)('does the same on a PostgreSQL server (DATABASE_URL)', { timeout: 60_000 }, async () => {
    const db = await server!.create();
    try {
      await seed(db.sql);
      expect((await verify({ DATABASE_URL: db.url! })).code).toBe(0);
      await tamper(db.sql);
      const broken = await verify({ DATABASE_URL: db.url! });
      expect(broken.code).toBe(1);
      expect(broken.out).toContain('stream cli-2, version 2');
    } finally {
      await db.dispose();
    }
  });
});
