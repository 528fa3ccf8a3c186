/**
 * `npm run bench -- --only=append,rebuild --members=50000 --payments=24 --keep --smoke`
 * (`--solo`: the rebuild suite also rebuilds each projector alone, one after another, and reports each one's time)
 * BENCH_DATABASE_URL selects the PostgreSQL server (a fresh database is made under it), else PGlite.
 */
export const SUITES = [
  'append',
  'batch',
  'rebuild',
  'queries',
  'papers',
  'daily',
  'read-your-writes',
  'import',
  'http',
  'web',
  'collection-files',
  'statement-matching',
  'collections',
  'notifications',
] as const;
export type SuiteName = (typeof SUITES)[number];

export type BenchOptions = {
  databaseUrl: string | null;
  only: readonly SuiteName[];
  /** Members of the big tenant; each has a policy and `payments` monthly payments. */
  members: number;
  payments: number;
  /** One member in this many has a claim. */
  claimEvery: number;
  /** Single-event appends per writer (16 writers). */
  appendsPerWriter: number;
  batches: number;
  importRows: number;
  /** Lines of the bank statement matched against the big tenant's size of book (`members` policies). */
  statementLines: number;
  rywCommands: number;
  /**
   * Registrations sent first at the same rate and not counted: a fresh process compiles and connects on its first
   * requests. 2,000 (20 s at 100/s): after 50, V8's optimizing compiler still took 11.6% of the gateway's CPU in the
   * measured window (perf, issue #26), 3.7% after 3,000, as in a gateway that has been serving for a while.
   */
  rywWarmup: number;
  /** Registrations a second the read-your-writes suite sends (open loop). */
  rywRate: number;
  /** Debits of the collection batch file and lines of the result file (collection-files suite). */
  collectionLines: number;
  /** Messages the notifications suite dispatches, and the fake provider's rate limit (a second). */
  messages: number;
  messageRate: number;
  httpSeconds: number;
  querySamples: number;
  keep: boolean;
  smoke: boolean;
  /** Rebuild suite: also time each projector's rebuild alone. */
  solo: boolean;
  outDir: string;
};

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument ${arg} (use --name=value)`);
    flags.set(match[1]!, match[2] ?? 'true');
  }
  const smoke = flags.has('smoke') || env.BENCH_SMOKE === '1';
  const number = (name: string, full: number, tiny: number) => {
    const raw = flags.get(name);
    if (raw === undefined) return smoke ? tiny : full;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
    return value;
  };
  const only = (flags
    .get('only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [...SUITES]) as SuiteName[];
  for (const name of only) if (!SUITES.includes(name)) throw new Error(`Unknown suite ${name}; the suites are ${SUITES.join(', ')}`);
  return {
    databaseUrl: env.BENCH_DATABASE_URL?.trim() || null,
    only,
    members: number('members', 50_000, 60),
    payments: number('payments', 24, 3),
    claimEvery: number('claim-every', 50, 10),
    appendsPerWriter: number('appends', 200, 5),
    batches: number('batches', 20, 2),
    importRows: number('import-rows', 50_000, 120),
    statementLines: number('statement-lines', 20_000, 120),
    rywCommands: number('ryw-commands', 2_000, 10),
    rywWarmup: number('ryw-warmup', 2_000, 5),
    rywRate: number('ryw-rate', 100, 100),
    collectionLines: number('collection-lines', 50_000, 500),
    messages: number('messages', 10_000, 100),
    messageRate: number('message-rate', 200, 100),
    httpSeconds: number('http-seconds', 20, 2),
    querySamples: number('samples', 100, 5),
    keep: flags.has('keep'),
    smoke,
    solo: flags.has('solo'),
    outDir: flags.get('out') ?? new URL('./results/', import.meta.url).pathname,
  };
}
