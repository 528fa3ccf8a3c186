import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresClient, type SqlClient } from '@fpa/write-model/event-store';
import { freePort } from './processes.testing.ts';
import { clustersUnavailable, PG_BIN } from './replica-clusters.testing.ts';

/**
 * Test-only (issue #28 §2): a pg_auto_failover formation on this machine, in a temporary folder on
 * free ports: a monitor and two PostgreSQL nodes (a primary and its synchronous standby; with two
 * data nodes pg_auto_failover sets `synchronous_standby_names = 'ANY 1 (pgautofailover_standby_N)'`
 * and number_sync_standbys 0, so a commit is acknowledged once the standby has it, and the new primary
 * takes writes alone until the other node is back). Each node runs `pg_autoctl run` as the postgres
 * user, in a process group of its own, so a test can kill a node's keeper and postmaster at once
 * (the machine dies) and start its keeper again (the node rejoins as the standby, pg_rewind if needed).
 *
 * The monitor's health checks are tuned for a fast failover (FAILOVER_SETTINGS); the keepers'
 * network_partition_timeout is lowered to match, so a primary cut off from the monitor and its standby
 * demotes itself before the monitor's primary_demote_timeout promotes the other node.
 */
export const FAILOVER_SETTINGS = {
  /** The monitor checks every node this often (ms; default 5,000)... */
  'pgautofailover.health_check_period': 1000,
  /** ...gives a connection this long (ms; default 5,000)... */
  'pgautofailover.health_check_timeout': 1000,
  /** ...retries once more (default 2)... */
  'pgautofailover.health_check_max_retries': 1,
  /** ...after this long (ms; default 2,000)... */
  'pgautofailover.health_check_retry_delay': 500,
  /** ...and a node that failed its checks and reported nothing for this long is unhealthy (ms; default 20,000). */
  'pgautofailover.node_considered_unhealthy_timeout': 2000,
  /** The old primary's time to demote itself before the standby is promoted anyway (ms; default 30,000). */
  'pgautofailover.primary_demote_timeout': 5000,
} as const;

/** A keeper that reaches neither the monitor nor its standby for this long demotes its primary (s; default 20). */
export const KEEPER_NETWORK_PARTITION_TIMEOUT_S = 3;

/** Why the formation cannot be made here, or null when it can. */
export function failoverUnavailable(): string | null {
  const clusters = clustersUnavailable();
  if (clusters) return clusters;
  try {
    execFileSync('pg_autoctl', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'needs pg_autoctl (apt-get install postgresql-15-auto-failover pg-auto-failover-cli; .ci/run installs it)';
  }
  return null;
}

export type NodeState = { name: string; port: number; reported: string; goal: string };

export type Formation = {
  /** The multi-host URL the gateway is given: both nodes, the one that takes writes wins. */
  url(database: string): string;
  /** The node's own URL. */
  nodeUrl(name: string, database: string): string;
  states(): Promise<NodeState[]>;
  /** The node the monitor has as primary (reported and assigned), or null during a failover. */
  primary(): Promise<NodeState | null>;
  /** Resolves once one node is primary and the other secondary (reported and assigned). */
  stable(timeoutMs: number): Promise<{ primary: NodeState; secondary: NodeState }>;
  /** SIGKILL to the node's keeper (its whole process group) and its postmaster: the machine dies. */
  kill(name: string): void;
  /** Starts the node's keeper again; it restarts PostgreSQL and rejoins (as secondary after a failover). */
  start(name: string): void;
  /** The node's keeper log, for a failure message. */
  log(name: string): string;
  destroy(): Promise<void>;
};

type Node = { name: string; port: number; home: string; pgdata: string; keeper: ChildProcess | null };

const MONITOR = 'monitor';
const NODES = ['node1', 'node2'] as const;

export async function startFormation(): Promise<Formation> {
  const dir = mkdtempSync(join(tmpdir(), 'fpa-failover-'));
  chmodSync(dir, 0o777);
  const node = async (name: string): Promise<Node> => {
    const home = join(dir, name);
    mkdirSync(home);
    return { name, port: await freePort(), home, pgdata: join(home, 'pg'), keeper: null };
  };
  const monitor = await node(MONITOR);
  const nodes = new Map<string, Node>();
  for (const name of NODES) nodes.set(name, await node(name));
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);

  /** pg_autoctl as postgres, with its configuration and state under the node's folder. */
  const environment = (n: Node) => [
    `XDG_CONFIG_HOME=${join(n.home, 'config')}`,
    `XDG_DATA_HOME=${join(n.home, 'data')}`,
    `PATH=${PG_BIN}:/usr/bin:/bin`,
  ];
  const autoctl = (n: Node, args: readonly string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', 'env', ...environment(n), 'pg_autoctl', ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 180_000,
    });
  const run = (n: Node) => {
    const out = openSync(join(n.home, 'keeper.log'), 'a');
    // detached: a process group of its own (runuser, pg_autoctl and its children, the postmaster).
    n.keeper = spawn('runuser', ['-u', 'postgres', '--', 'env', ...environment(n), 'pg_autoctl', 'run', '--pgdata', n.pgdata], {
      detached: true,
      stdio: ['ignore', out, out],
    });
    n.keeper.unref();
  };
  const killGroup = (n: Node) => {
    const pid = n.keeper?.pid;
    if (pid) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    n.keeper = null;
    const postmaster = join(n.pgdata, 'postmaster.pid');
    if (existsSync(postmaster)) {
      const pm = Number(readFileSync(postmaster, 'utf8').split('\n')[0]);
      try {
        if (pm > 0) process.kill(pm, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitor.port}/pg_auto_failover?sslmode=disable`;
  let monitorSql: SqlClient | null = null;
  const get = (name: string) => {
    const found = nodes.get(name);
    if (!found) throw new Error(`no node ${name}`);
    return found;
  };

  const formation: Formation = {
    url: (database) =>
      `postgres://postgres@${[...nodes.values()].map((n) => `127.0.0.1:${n.port}`).join(',')}/${database}?target_session_attrs=read-write`,
    nodeUrl: (name, database) => `postgres://postgres@127.0.0.1:${get(name).port}/${database}`,
    async states() {
      const rows = await monitorSql!.query<{ name: string; port: number; reported: string; goal: string }>(
        'select nodename as name, nodeport as port, reportedstate::text as reported, goalstate::text as goal from pgautofailover.node order by nodeid',
      );
      return rows;
    },
    async primary() {
      return (
        (await formation.states()).find((s) => s.reported === s.goal && ['primary', 'wait_primary', 'single'].includes(s.goal)) ?? null
      );
    },
    async stable(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await formation.states().catch(() => []);
        const primary = states.find((s) => s.reported === 'primary' && s.goal === 'primary');
        const secondary = states.find((s) => s.reported === 'secondary' && s.goal === 'secondary');
        if (primary && secondary) return { primary, secondary };
        if (Date.now() > deadline) throw new Error(`formation not stable within ${timeoutMs} ms: ${JSON.stringify(states)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    kill: (name) => killGroup(get(name)),
    start: (name) => run(get(name)),
    log: (name) => {
      const file = join(get(name).home, 'keeper.log');
      return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-40).join('\n') : '';
    },
    async destroy() {
      await monitorSql?.close().catch(() => {});
      for (const n of [...nodes.values(), monitor]) killGroup(n);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    const common = ['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
    autoctl(monitor, ['create', 'monitor', '--pgdata', monitor.pgdata, '--pgport', String(monitor.port), ...common]);
    appendFileSync(
      join(monitor.pgdata, 'postgresql.conf'),
      `${Object.entries(FAILOVER_SETTINGS)
        .map(([name, value]) => `${name} = ${value}`)
        .join('\n')}\n`,
    );
    run(monitor);
    monitorSql = await connectWhenUp(monitorUrl);
    for (const n of nodes.values()) {
      // The second node's creation copies the first (pg_basebackup) and registers as its standby.
      autoctl(n, [
        'create',
        'postgres',
        '--pgdata',
        n.pgdata,
        '--pgport',
        String(n.port),
        '--listen',
        '127.0.0.1',
        '--monitor',
        monitorUrl,
        '--name',
        n.name,
        '--dbname',
        'postgres',
        '--username',
        'postgres',
        ...common,
      ]);
      autoctl(n, ['config', 'set', '--pgdata', n.pgdata, 'timeout.network_partition_timeout', String(KEEPER_NETWORK_PARTITION_TIMEOUT_S)]);
      run(n);
      if (n.name === NODES[0]) {
        const deadline = Date.now() + 60_000;
        while ((await formation.primary())?.name !== n.name) {
          if (Date.now() > deadline) throw new Error(`${n.name} not primary within 60 s:\n${formation.log(n.name)}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    }
    await formation.stable(120_000);
    return formation;
  } catch (error) {
    await formation.destroy();
    throw error;
  }
}

/** The monitor's database, once its keeper has started PostgreSQL. */
async function connectWhenUp(url: string): Promise<SqlClient> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const sql = await createPostgresClient({ url, max: 1, connectTimeoutSeconds: 2 });
    try {
      await sql.query('select 1');
      return sql;
    } catch (error) {
      await sql.close().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
