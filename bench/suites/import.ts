import { randomUUID } from 'node:crypto';
import { CSV_MEMBER_COLUMNS, luhnCheckDigit } from '@fpa/write-model/validation';
import { startChildGateway } from '../child-gateway.ts';
import { call, serverTimings, signIn } from '../context.ts';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const CHUNK = 500; // what the Bulk Upload dialog sends per request

/** SA IDs disjoint from the generator's (citizenship digit 1 here, 0 there), unique for n < 168,000,000. */
function importSaId(n: number): string {
  const d = n % 16_800;
  const first12 = `${50 + (d % 50)}${String(1 + (Math.floor(d / 50) % 12)).padStart(2, '0')}${String(1 + Math.floor(d / 600)).padStart(2, '0')}${String(Math.floor(n / 16_800)).padStart(4, '0')}18`;
  return `${first12}${luhnCheckDigit(first12)}`;
}

/** A members CSV as an administrator would upload it: four main members, then a family member of the last. */
export function membersCsv(rows: number, policyTypeId: string): string {
  const lines = [CSV_MEMBER_COLUMNS.join(',')];
  let main = '';
  for (let i = 0; i < rows; i++) {
    const id = importSaId(i);
    const isMain = i % 5 !== 4;
    if (isMain) main = id;
    const values: Record<string, string> = {
      firstName: ['Ayanda', 'Bongani', 'Chantal', 'Dumisani'][i % 4]!,
      lastName: `Imported${i}`,
      identifierType: 'saId',
      saId: id,
      passportNumber: '',
      nationality: 'ZA',
      email: '',
      phone: '0821234567',
      address: `${i % 300} Long Street`,
      city: 'Cape Town',
      province: 'WC',
      postalCode: '8001',
      dateOfBirth: '',
      isMainMember: isMain ? 'true' : 'false',
      mainMemberIdentifier: isMain ? '' : main,
      relationship: isMain ? '' : 'spouse',
      policyTypeId: isMain ? policyTypeId : '',
    };
    lines.push(CSV_MEMBER_COLUMNS.map((c) => values[c] ?? '').join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Issue #11 §5: a member CSV through the bulk import (REST /api/members/import, 500 rows a request
 * in file order, as the dialog sends them, `moreChunks` on all but the last). On the PostgreSQL server the import goes to the gateway
 * started as its own process, and memory is that process's peak resident set (VmHWM). On PGlite the
 * gateway runs in this process with the embedded database, so the figure is reported without a target.
 */
export async function importSuite({ db, options, log, tenant, server, stopServer }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  // The in-process gateway stopped first: its projectors would otherwise apply the import beside the child's.
  if (db.url) await stopServer();
  const child = db.url ? await startChildGateway(db) : null;
  const baseUrl = child?.baseUrl ?? (await server()).baseUrl;
  const token = child ? await signIn(child.baseUrl, company) : await company.token();
  const csv = membersCsv(options.importRows, company.policyTypeIds[0]!);
  const [header, ...lines] = csv.trimEnd().split('\n');
  const columns = header!.split(',');
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i]!, v])));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const importId = randomUUID();
  let imported = 0;
  let failed = 0;
  // Where the gateway's time went, from each answer's Server-Timing: the commands and their read-your-writes waits.
  const spent = { command: 0, wait: 0 };
  const timed = (headers: Headers) => {
    const timings = serverTimings(headers);
    spent.command += timings.command ?? 0;
    spent.wait += timings['read-your-writes'] ?? 0;
  };
  const cpuBefore = child?.cpuSeconds() ?? 0;
  const started = performance.now();
  try {
    for (let chunkIndex = 0; chunkIndex * CHUNK < rows.length; chunkIndex++) {
      const chunk = rows.slice(chunkIndex * CHUNK, (chunkIndex + 1) * CHUNK);
      const answer = await call<{ imported: number; failed: unknown[]; skippedForLimit: number }>(
        baseUrl,
        'POST',
        '/api/members/import',
        { importId, chunkIndex, firstRowNumber: 2 + chunkIndex * CHUNK, rows: chunk, moreChunks: (chunkIndex + 1) * CHUNK < rows.length },
        token,
        timed,
      );
      imported += answer.imported;
      failed += answer.failed.length + answer.skippedForLimit;
    }
  } finally {
    clearInterval(sampler);
    peak = child ? child.peakRssBytes() : Math.max(peak, process.memoryUsage().rss);
    if (child) log(`import: the gateway process used ${round(child.cpuSeconds() - cpuBefore, 1)} s of CPU`);
    await child?.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 0);
  const whose = child ? 'the gateway process' : 'this process (gateway + PGlite + bench)';
  log(`import: ${imported} imported, ${failed} refused in ${round(seconds, 1)} s; peak RSS of ${whose} ${mb(peak)} MB`);
  log(
    `import: the commands ${round(spent.command / 1000, 1)} s, their read-your-writes waits ${round(spent.wait / 1000, 1)} s (Server-Timing)`,
  );
  if (failed > 0) throw new Error(`the import refused ${failed} rows of a valid file`);
  const scaled = options.importRows === 50_000;
  return [
    {
      suite: 'import',
      metric: `${imported.toLocaleString('en-US')}-row CSV (${round(imported / seconds, 0)} rows/s)`,
      value: round(seconds, 1),
      unit: 's',
      target: '< 60 s for 50,000',
      met: scaled && db.driver === 'postgres' ? seconds < 60 : null,
    },
    {
      suite: 'import',
      metric: 'of which the gateway ran the chunks (Server-Timing `command`)',
      value: round(spent.command / 1000, 1),
      unit: 's',
    },
    {
      suite: 'import',
      metric: 'of which the chunks waited for their read models (`read-your-writes`)',
      value: round(spent.wait / 1000, 1),
      unit: 's',
    },
    child
      ? {
          suite: 'import',
          metric: 'peak RSS of the gateway process (VmHWM)',
          value: mb(peak),
          unit: 'MB',
          target: '< 512 MB',
          met: scaled ? mb(peak) < 512 : null,
        }
      : { suite: 'import', metric: `peak RSS of ${whose} (before: ${mb(rssBefore)} MB)`, value: mb(peak), unit: 'MB' },
  ];
}
