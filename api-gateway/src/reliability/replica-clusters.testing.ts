import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresClient, type SqlClient } from '@fpa/write-model/event-store';
import type { TestDriver } from '@fpa/write-model/testing';
import { freePort } from './processes.testing.ts';

/**
 * Test-only (issue #28): a PostgreSQL primary and its streaming replica, made on this machine in
 * a temporary folder on free ports with PostgreSQL's own tools (initdb, pg_basebackup -R, pg_ctl),
 * run as the postgres user (the tests run as root). Trust authentication on 127.0.0.1 only.
 */
export const PG_BIN = pgBin();

/** Debian's newest installed PostgreSQL (15 on this machine). */
function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
  return join(root, newest, 'bin');
}

/** Why the clusters cannot be made here, or null when they can. */
export function clustersUnavailable(): string | null {
  if (!existsSync(join(PG_BIN, 'initdb'))) return `needs PostgreSQL's server programs (initdb, pg_basebackup, pg_ctl) in ${PG_BIN}`;
  if (process.getuid?.() !== 0) return 'needs root (the clusters run as the postgres user, through runuser)';
  return null;
}

export type Clusters = {
  primaryUrl: (database: string) => string;
  replicaUrl: (database: string) => string;
  /** pg_ctl stop -m immediate on the replica (its postmaster and backends end at once). */
  stopReplica(): void;
  /** Starts the stopped replica again (it resumes streaming from where it stopped). */
  startReplica(): void;
  /** Stops both clusters (immediately) and removes the folder; safe to call twice. */
  destroy(): void;
};

function asPostgres(program: string, args: readonly string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

export async function startClusters(): Promise<Clusters> {
  const dir = mkdtempSync(join(tmpdir(), 'fpa-replica-'));
  chmodSync(dir, 0o777);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = (dataDir: string) => {
    try {
      asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
  };
  const clusters: Clusters = {
    primaryUrl: (database) => `postgres://postgres@127.0.0.1:${primaryPort}/${database}`,
    replicaUrl: (database) => `postgres://postgres@127.0.0.1:${replicaPort}/${database}`,
    stopReplica: () => stop(replicaDir),
    startReplica: () => {
      asPostgres('pg_ctl', ['-D', replicaDir, '-l', join(dir, 'replica.log'), '-w', 'start']);
    },
    destroy() {
      for (const dataDir of started.splice(0).reverse()) stop(dataDir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    asPostgres('initdb', ['-D', primaryDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync']);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 100',
        // The replica does not cancel its readers' queries for replay conflicts it can avoid.
        'hot_standby_feedback = on',
        '',
      ].join('\n'),
    );
    asPostgres('pg_ctl', ['-D', primaryDir, '-l', join(dir, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    // -R writes primary_conninfo and standby.signal: the copy starts as a streaming replica.
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    appendFileSync(join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\nhot_standby = on\n`);
    asPostgres('pg_ctl', ['-D', replicaDir, '-l', join(dir, 'replica.log'), '-w', 'start']);
    started.push(replicaDir);
    return clusters;
  } catch (error) {
    clusters.destroy();
    throw error;
  }
}

/**
 * Test databases on clusters a test made (a primary, a failover formation): one database, created
 * through `urlOf('postgres')`, the template's tables prepared in it, used through `urlOf(database)`.
 */
export function clusterDriver(urlOf: (database: string) => string, database: string): TestDriver {
  return {
    name: 'postgres',
    async create(options = {}) {
      const admin = await createPostgresClient({ url: urlOf('postgres'), max: 1 });
      try {
        await admin.exec(`create database ${database}`);
      } finally {
        await admin.close();
      }
      const sql: SqlClient = await createPostgresClient({ url: urlOf(database), max: 25 });
      if (options.template) await options.template.prepare(sql);
      return { sql, url: urlOf(database), dispose: () => sql.close() };
    },
  };
}
