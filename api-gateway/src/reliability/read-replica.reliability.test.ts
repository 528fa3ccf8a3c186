import { reportFigures, reportSkipped, testDatabaseUrl } from '@fpa/write-model/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBody } from '../agents.testing.ts';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { percentile } from './harness.ts';
import { clusterDriver, clustersUnavailable, startClusters, type Clusters } from './replica-clusters.testing.ts';

/**
 * Issue #28 §1: the gateway on a PostgreSQL primary with a streaming replica (READ_DATABASE_URL),
 * both made by this test on this machine. 1,000 commands (an agent added), each followed by the list
 * read that must show it, alternately over REST and GraphQL, spread over companies so that each read
 * also shows that the tenant wall holds on the replica: 0 stale reads, 0 foreign rows. Then the
 * replica is stopped (pg_ctl stop -m immediate): reads go to the primary and nothing fails; started
 * again, it is tried again (after read-replica.ts's RETRY_MS) and reads go back to it.
 */
const AREA = '9 read replica';
const TEST = 'command then list read through the replica, then the replica stopped';
const COMMANDS = 1_000;
const AFTER_STOP = 100;
const COMPANIES = 20;
const DATABASE = 'fpa_replica';
const unavailable = testDatabaseUrl()
  ? clustersUnavailable()
  : 'needs TEST_DATABASE_URL (PostgreSQL tests are on): the test makes its own primary and replica clusters';
if (unavailable) {
  console.log(`read-replica test skipped: ${unavailable}`);
  reportSkipped(AREA, TEST, 'postgres', unavailable);
}

describe(AREA, () => {
  let clusters: Clusters | null = null;
  let t: TestApp | null = null;

  beforeAll(async () => {
    if (unavailable) return;
    clusters = await startClusters();
    t = await startTestApp(clusterDriver(clusters.primaryUrl, DATABASE), { readDatabaseUrl: clusters.replicaUrl(DATABASE) });
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      clusters?.destroy();
    }
  });

  it.skipIf(Boolean(unavailable))(
    `${COMMANDS} commands each read back through the replica: 0 stale; the replica stopped, reads go to the primary${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const app = t!;
      const replica = app.services.replica!;
      expect(replica).toBeTruthy();
      const startedAt = Date.now();
      const companies: { token: string; agents: Set<string> }[] = [];
      for (let i = 0; i < COMPANIES; i++) {
        const registered = await app.request('POST', '/api/register', registration());
        expect(registered.status).toBe(201);
        companies.push({ token: registered.body.token as string, agents: new Set() });
      }
      const tally = { stale: 0, foreign: 0, failed: 0, notVisibleYet: 0, reads: 0 };

      /** One command and the list read after it; true when the list shows it. */
      async function commandThenRead(i: number) {
        const company = companies[i % COMPANIES]!;
        const created = await app.request('POST', '/api/agents', agentBody(`Replica${i}`), { token: company.token });
        if (created.status === 202) tally.notVisibleYet++;
        else if (created.status !== 201) {
          tally.failed++;
          return;
        }
        const id = created.body.id as string;
        company.agents.add(id);
        const rest = i % 2 === 0;
        const read = rest
          ? await app.request('GET', '/api/agents', undefined, { token: company.token })
          : await app.graphql('{ agents { id } }', {}, company.token);
        const rows = (rest ? read.body : read.body?.data?.agents) as { id: string }[] | undefined;
        tally.reads++;
        if (read.status !== 200 || !Array.isArray(rows)) {
          tally.failed++;
          return;
        }
        const ids = rows.map((row) => row.id);
        if (!ids.includes(id)) tally.stale++;
        tally.foreign += ids.filter((seen) => !company.agents.has(seen)).length;
      }

      for (let i = 0; i < COMMANDS; i++) await commandThenRead(i);
      const throughReplica = { ...replica.stats, fallbacks: { ...replica.stats.fallbacks }, waits: [...replica.stats.waits] };
      const throughReplicaMs = Date.now() - startedAt;

      clusters!.stopReplica();
      const stoppedAt = Date.now();
      for (let i = COMMANDS; i < COMMANDS + AFTER_STOP; i++) await commandThenRead(i);
      const afterStop = { ...replica.stats, fallbacks: { ...replica.stats.fallbacks } };
      // What /healthz says meanwhile (http.ts): reads on the primary.
      const healthWhileStopped = await replica.health();
      const fellBack = (f: typeof afterStop.fallbacks) => f.request + f.behind + f.down + f.failed;

      const figures = {
        commands: COMMANDS + AFTER_STOP,
        stale: tally.stale,
        foreignRows: tally.foreign,
        failed: tally.failed,
        savedNotVisibleYet: tally.notVisibleYet,
        replicaReads: throughReplica.replicaReads,
        fallbackReads: fellBack(throughReplica.fallbacks),
        waitTimeouts: throughReplica.timeouts,
        waitP50ms: percentile(throughReplica.waits, 50),
        waitP99ms: percentile(throughReplica.waits, 99),
        waitMaxMs: percentile(throughReplica.waits, 100),
        commandPlusReadMs: Math.round(throughReplicaMs / COMMANDS),
        stoppedFallbackReads: fellBack(afterStop.fallbacks) - fellBack(throughReplica.fallbacks),
        stoppedSeconds: Number(((Date.now() - stoppedAt) / 1000).toFixed(1)),
        fallbacksBeforeStop: JSON.stringify(throughReplica.fallbacks),
        fallbacksAfterStop: JSON.stringify(afterStop.fallbacks),
        commandsUntilBack: 0,
        healthWhileStopped: healthWhileStopped.readsGoTo,
      };
      // Started again: commands go on, and within a few seconds (RETRY_MS) reads are on the replica again.
      clusters!.startReplica();
      const restartedAt = Date.now();
      let i = COMMANDS + AFTER_STOP;
      while (replica.stats.replicaReads === afterStop.replicaReads && Date.now() - restartedAt < 20_000) await commandThenRead(i++);
      figures.commandsUntilBack = i - COMMANDS - AFTER_STOP;
      const healthAfterRestart = await replica.health();
      figures.commands = i;
      console.log(`read replica: ${JSON.stringify(figures)}`);
      reportFigures(
        {
          area: AREA,
          test: TEST,
          runs: 1,
          checked: tally.reads,
          checkedWhat: 'list reads after their command',
          differences: tally.stale + tally.foreign + tally.failed + tally.notVisibleYet,
          details: figures,
          driver: 'postgres',
        },
        startedAt,
      );
      expect({ stale: tally.stale, foreign: tally.foreign, failed: tally.failed, notVisibleYet: tally.notVisibleYet }).toEqual({
        stale: 0,
        foreign: 0,
        failed: 0,
        notVisibleYet: 0,
      });
      // The reads did go to the replica while it ran, and to the primary once it was stopped.
      expect(throughReplica.replicaReads).toBeGreaterThan(COMMANDS);
      expect(afterStop.replicaReads).toBe(throughReplica.replicaReads);
      expect(figures.stoppedFallbackReads).toBeGreaterThan(0);
      expect(replica.stats.replicaReads).toBeGreaterThan(afterStop.replicaReads);
      expect([healthWhileStopped.readsGoTo, healthAfterRestart.readsGoTo]).toEqual(['primary', 'replica']);
    },
  );
});
