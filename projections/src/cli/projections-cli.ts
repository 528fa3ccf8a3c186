import type { EventStore, SqlClient } from '@fpa/write-model/event-store';
import { createProjectionEngine } from '../engine/engine.ts';
import { replaceCompanyRows, type ReadCompany } from '../engine/company-rebuild.ts';
import { effectivePartitions, MAX_READ_MODEL_PARTITIONS, partitionsOf, setReadModelPartitions } from '../engine/partitions.ts';
import { isUuid } from '../portfolio/uuid.ts';
import { abandonRebuild } from '../engine/rebuild.ts';
import { migrateEngineTables, schemaName } from '../engine/schema.ts';
import type { ParkedEvent } from '../engine/parked.ts';
import type { ProjectionLogger, Projector } from '../engine/types.ts';

export const USAGE = `Usage: npm run projections -- <command>

  status                  every projector: version, generation, events behind, parked events, last error
  parked [--all]          the events a read model could not apply and set aside (--all: also those since applied)
  retry-parked [NAME...]  after a fix: rebuild each projector (of these names) that has parked events; the new
                          generation applies the whole log in order and replaces the serving one when caught up;
                          events that still fail are parked again and listed (exit code 1)
  rebuild-company ID [NAME...]
                          put one company's rows of the read models (of these names) back to what its own events
                          give, each read model in one transaction while it serves; other companies' rows are not
                          touched (PostgreSQL event store)
  partition N             hash-partition the largest read-model tables on company_id in N partitions (0: one
                          table each), by rebuilding the projectors that own them; the serving generation keeps
                          serving until each rebuilt one replaces it (PostgreSQL server or PGlite)

Uses DATABASE_URL (a PostgreSQL server; the gateway may keep running) or PGlite in DATA_DIR (default ./data;
stop the server first), and DATA_KEY or DATA_DIR/master.key to read personal fields.`;

export type CliDeps = {
  sql: SqlClient;
  store: EventStore;
  /** One company's events (es_events); absent with a KurrentDB store. */
  readCompany?: ReadCompany;
  projectors: readonly Projector[];
  out: (line: string) => void;
  logger?: ProjectionLogger;
};

function describe(row: ParkedEvent): string {
  const state = row.resolvedAt ? `applied by a later generation ${row.resolvedAt.toISOString()}` : 'OPEN';
  return [
    `${row.projector} (generation ${row.generation}, ${row.track}) position ${row.globalPosition}: ${row.eventType}`,
    `  stream ${row.streamId} v${row.streamVersion}, company ${row.companyId ?? '-'}, event ${row.eventId}`,
    `  parked ${row.parkedAt.toISOString()} after ${row.attempts} tries, ${state}`,
    `  ${row.error}`,
  ].join('\n');
}

/** The names no projector of the tool has, said once for every command that takes names; null when all are known. */
function unknownNames(names: readonly string[], projectors: readonly Projector[]): string | null {
  const unknown = names.filter((name) => !projectors.some((p) => p.name === name));
  if (unknown.length === 0) return null;
  return `Unknown projector(s): ${unknown.join(', ')}. Known: ${projectors.map((p) => p.name).join(', ')}.`;
}

/** Runs one command; answers the exit code (0 done, 1 parked events remain, 2 usage). */
export async function runProjectionsCli(args: readonly string[], deps: CliDeps): Promise<number> {
  const [command, ...rest] = args;
  const quiet: ProjectionLogger = { info: () => {}, warn: () => {}, error: () => {} };
  const engine = createProjectionEngine({ sql: deps.sql, store: deps.store, projectors: deps.projectors, logger: deps.logger ?? quiet });
  switch (command) {
    case 'status': {
      for (const s of await engine.status()) {
        deps.out(
          `${s.name}: version ${s.activeVersion ?? '-'}/${s.version}, generation ${s.generation ?? '-'}, ` +
            `${s.eventsBehind}${s.eventsBehindCapped ? '+' : ''} behind, ${s.parked} parked` +
            `${s.rebuilding ? `, rebuilding generation ${s.rebuilding.generation}` : ''}${s.lastError ? `, last error: ${s.lastError}` : ''}`,
        );
      }
      return 0;
    }
    case 'parked': {
      const rows = await engine.parked({ includeResolved: rest.includes('--all') });
      if (rows.length === 0) deps.out('No parked events.');
      for (const row of rows) deps.out(describe(row));
      return 0;
    }
    case 'retry-parked': {
      const unknown = unknownNames(rest, deps.projectors);
      if (unknown) {
        deps.out(unknown);
        return 2;
      }
      const open = await engine.parked(rest.length > 0 ? { projectors: rest } : {});
      if (open.length === 0) {
        deps.out('No parked events to retry.');
        return 0;
      }
      deps.out(`Rebuilding ${[...new Set(open.map((r) => r.projector))].join(', ')} (${open.length} parked event(s))...`);
      const { rebuilt, stillParked } = await engine.retryParked(rest.length > 0 ? rest : undefined);
      deps.out(`Rebuilt: ${rebuilt.join(', ')}.`);
      if (stillParked.length === 0) {
        deps.out('Every parked event is applied now.');
        return 0;
      }
      deps.out(`${stillParked.length} event(s) still cannot be applied and are parked again:`);
      for (const row of stillParked) deps.out(describe(row));
      return 1;
    }
    case 'rebuild-company': {
      const [companyId, ...names] = rest;
      if (!companyId || !isUuid(companyId)) {
        deps.out('rebuild-company takes the company id (a UUID), then optionally read model names.');
        return 2;
      }
      const unknown = unknownNames(names, deps.projectors);
      if (unknown) {
        deps.out(unknown);
        return 2;
      }
      if (!deps.readCompany) {
        deps.out("rebuild-company reads a company's events from the PostgreSQL event store; this one is KurrentDB.");
        return 2;
      }
      let refused = 0;
      for (const projector of deps.projectors.filter((p) => names.length === 0 || names.includes(p.name))) {
        const done = await replaceCompanyRows(deps.sql, deps.readCompany, projector, companyId);
        if (!done) {
          refused++;
          deps.out(`${projector.name}: not serving this code's version; left alone (let its rebuild finish first).`);
          continue;
        }
        const rows = done.tables.map((t) => `${t.table} ${t.removed} -> ${t.written}`).join(', ');
        deps.out(
          `${projector.name}: ${done.events} event(s); ${rows || 'no company tables'}${done.skipped.length ? `; left alone: ${done.skipped.join(', ')}` : ''}.`,
        );
      }
      return refused > 0 ? 1 : 0;
    }
    case 'partition': {
      const partitions = rest.length === 1 && /^[0-9]+$/.test(rest[0]!) ? Number(rest[0]) : Number.NaN;
      if (!(partitions <= MAX_READ_MODEL_PARTITIONS)) {
        deps.out(`partition takes one number, 0 (one table each) to ${MAX_READ_MODEL_PARTITIONS}.`);
        return 2;
      }
      await migrateEngineTables(deps.sql);
      await setReadModelPartitions(deps.sql, partitions);
      const wanted = effectivePartitions(partitions);
      const statuses = new Map((await engine.status()).map((s) => [s.name, s]));
      const laidOut = async (projector: Projector, generation: number | null | undefined) => {
        const tables = projector.partitionedTables ?? [];
        const found = generation ? await partitionsOf(deps.sql, schemaName(projector.name, generation), tables) : {};
        return tables.every((table) => (found[table] ?? -1) === wanted);
      };
      for (const projector of deps.projectors) {
        const tables = projector.partitionedTables ?? [];
        if (tables.length === 0) continue;
        const status = statuses.get(projector.name);
        // A rebuild begun for another layout (an earlier run cut short, which a running engine would finish) is dropped.
        if (status?.rebuilding && !(await laidOut(projector, status.rebuilding.generation))) await abandonRebuild(deps.sql, projector.name);
        else if (status?.rebuilding) {
          deps.out(`${projector.name}: finishing the rebuild under way ${wanted ? `into ${wanted} partitions` : 'as one table each'}...`);
          await engine.rebuild(projector.name);
          deps.out(`${projector.name}: rebuilt and serving.`);
          continue;
        }
        if (status?.activeVersion === projector.version && (await laidOut(projector, status.generation))) {
          deps.out(`${projector.name}: ${tables.join(', ')} already ${wanted ? `in ${wanted} partitions` : 'one table each'}.`);
          continue;
        }
        deps.out(`${projector.name}: rebuilding ${tables.join(', ')} ${wanted ? `into ${wanted} partitions` : 'as one table each'}...`);
        await engine.rebuild(projector.name);
        deps.out(`${projector.name}: rebuilt and serving.`);
      }
      return 0;
    }
    case undefined: // no command
    default:
      deps.out(USAGE);
      return 2;
  }
}
