import { randomUUID } from 'node:crypto';
import { billingBook, committedHead, createCollectionBatch } from '@fpa/projections';
import {
  commandContext,
  paymentPii,
  paymentStreamId,
  setDebitMandate,
  toNewEvent,
  type CommandContext,
  type PaymentRecorded,
} from '@fpa/write-model';
import { UNPAID_CODE_LIST } from '@fpa/write-model/collections/files';
import type { SqlClient, SqlExecutor, StreamAppend } from '@fpa/write-model/event-store';
import { addMonths, southAfricanDate } from '@fpa/write-model/validation';
import { call, type BenchServer } from '../context.ts';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

/**
 * Streams per append of the baseline: as many as the import appends at once (the whole result file is
 * one append). es_append's answer was quadratic in the streams until this bench found it; now linear.
 */
const BASELINE_APPEND = 50_000;

/** Mandates set at a time (the gateway's pool is 20; a clerk's import would send a few at once). */
const MANDATE_CONCURRENCY = 8;

const ACCOUNT = {
  userCode: 'BN01',
  abbreviatedName: 'BENCH FS',
  installationId: '0042',
  branchCode: '250655',
  accountNumber: '62000000017',
  accountType: 'cheque',
};

const STATEMENT_COLUMNS = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  amount: 'Amount',
  credit: null,
  debit: null,
  dateFormat: 'YYYY/MM/DD',
};

const mandateReference = (i: number) => `BM${String(i + 1).padStart(8, '0')}`;

/**
 * Where a step's time goes: each SQL statement of the shared client (the gateway's and the commands'),
 * timed and grouped by its first words, every append with its events, and the read-your-writes waits.
 */
function tap(sql: SqlClient, server: BenchServer, store: SuiteContext['db']['store']) {
  type Stat = { n: number; ms: number };
  const statements = new Map<string, Stat>();
  const appends: { events: number; ms: number }[] = [];
  const waits: number[] = [];
  const add = (text: string, ms: number) => {
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    const stat = statements.get(key) ?? { n: 0, ms: 0 };
    stat.n += 1;
    stat.ms += ms;
    statements.set(key, stat);
  };
  const timed = (executor: SqlExecutor): SqlExecutor['query'] => {
    const query = executor.query.bind(executor);
    return async (text, params) => {
      const started = performance.now();
      try {
        return await query(text, params);
      } finally {
        add(text, performance.now() - started);
      }
    };
  };
  const original = { query: sql.query, transaction: sql.transaction, waitFor: server.services.engine.waitFor };
  const originalAppends = [store.append, server.services.store.append] as const;
  sql.query = timed(sql);
  const transaction = sql.transaction.bind(sql);
  const withTimedQuery = (tx: SqlExecutor): SqlExecutor =>
    new Proxy(tx, { get: (target, p): unknown => (p === 'query' ? timed(target) : Reflect.get(target, p)) });
  sql.transaction = <T>(fn: (tx: SqlExecutor) => Promise<T>, opening?: Parameters<SqlClient['transaction']>[1]) =>
    transaction((tx) => fn(withTimedQuery(tx)), opening);
  for (const [i, target] of [store, server.services.store].entries()) {
    const append = originalAppends[i]!.bind(target);
    target.append = async (streams, options) => {
      const started = performance.now();
      try {
        return await append(streams, options);
      } finally {
        appends.push({ events: streams.reduce((n, s) => n + s.events.length, 0), ms: performance.now() - started });
      }
    };
  }
  const engine = server.services.engine;
  engine.waitFor = async (checkpoint, waitOptions) => {
    const result = await original.waitFor(checkpoint, waitOptions);
    waits.push(result.waitedMs);
    return result;
  };
  return {
    /** The step's statements, appends and waits, then cleared for the next step. */
    take(step: string, log: (m: string) => void) {
      const all = [...statements.values()];
      const n = all.reduce((s, x) => s + x.n, 0);
      const ms = all.reduce((s, x) => s + x.ms, 0);
      const top = [...statements.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 4);
      const appended = appends.reduce((s, a) => s + a.events, 0);
      log(
        `  ${step}: ${n} statements, ${round(ms)} ms in SQL; ${appends.length} appends of ${appended} events, ` +
          `${round(appends.reduce((s, a) => s + a.ms, 0))} ms (largest ${round(Math.max(0, ...appends.map((a) => a.ms)))} ms); ` +
          `read-model waits ${round(waits.reduce((s, w) => s + w, 0))} ms`,
      );
      for (const [text, stat] of top) log(`    ${stat.n}× ${round(stat.ms)} ms  ${text}`);
      statements.clear();
      appends.length = 0;
      waits.length = 0;
    },
    restore() {
      sql.query = original.query;
      sql.transaction = original.transaction;
      engine.waitFor = original.waitFor;
      store.append = originalAppends[0];
      server.services.store.append = originalAppends[1];
    },
  };
}

/** A request with a text body (a file upload) or none; the answer's text. Throws on a non-2xx answer. */
async function send(baseUrl: string, method: string, path: string, token: string, body?: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'text/csv' } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text;
}

const RESULT_HEADER = 'reference,amount,status,unpaid_code,date';
const resultTrailer = (rows: readonly string[]) => `TRAILER,${rows.length},${rows.reduce((sum, r) => sum + Number(r.split(',')[1]), 0)}`;

/**
 * The provider's result file for the batch's CSV: one debit in twenty unpaid, the codes taken in turn;
 * four lines in five name the debit by its policy number (the user reference), the rest by the mandate.
 */
function resultRows(batchCsv: string): { rows: string[]; unpaid: number } {
  const lines = batchCsv.split(/\r?\n/).filter((l) => l && !l.startsWith('mandate_reference') && !l.startsWith('TRAILER'));
  let unpaid = 0;
  const rows = lines.map((row, i) => {
    const cells = row.split(',');
    const [amount, date, policyNumber] = cells.slice(-3) as [string, string, string];
    const isUnpaid = i % 20 === 19;
    if (isUnpaid) unpaid += 1;
    const code = isUnpaid ? UNPAID_CODE_LIST[Math.floor(i / 20) % UNPAID_CODE_LIST.length] : '';
    const reference = i % 5 === 4 ? cells[0]! : policyNumber;
    return `${reference},${amount},${isUnpaid ? 'unpaid' : 'collected'},${code},${date}`;
  });
  return { rows, unpaid };
}

/**
 * A bank statement of `n` credits (and a debit in ten, ignored): half carry a policy number in the
 * reference, a sixth a mandate reference in the description, the rest nothing of ours.
 */
const STATEMENT_HEADER = 'Date,Amount,Balance,Description,Reference';

function statementRows(n: number, policies: readonly { policyNumber: string; mandate: string }[], day: string): string[] {
  const rows: string[] = [];
  const date = day.replaceAll('-', '/');
  for (let i = 0; i < n; i++) {
    const p = policies[(i * 7_919) % policies.length]!;
    if (i % 10 === 9) rows.push(`${date},"-35.50",0.00,"#MONTHLY ACCOUNT FEE ${i}",`);
    if (i % 2 === 0) rows.push(`${date},"120.00",0.00,"MAGTAPE CREDIT",${p.policyNumber}`);
    else if (i % 6 === 1) rows.push(`${date},"120.00",0.00,"DEBICHECK ${p.mandate}",`);
    else rows.push(`${date},"${(50 + (i % 400)).toFixed(2)}",0.00,"ADT CASH DEPO ${i}",INV-${i}`);
  }
  return rows;
}

/**
 * Issue #21's end-to-end figures over the big tenant, through the real commands (targets on
 * PostgreSQL: the 50,000-debit file < 10 s, a 50,000-line result file imported < 30 s, a 20,000-line
 * statement matched < 20 s). A mandate on every policy, a batch for the month after the generator's
 * paid-ahead premiums (every policy owes that month), both files through the gateway, the result file
 * for the whole batch (one in twenty unpaid) twice, a statement. The baselines in the same run: reading
 * the company's billing book once (the floor of making a batch) and appending as many plain
 * PaymentRecorded events in one append as the batch has debits (the floor of importing its results).
 */
export async function collectionsSuite({ db, options, log, tenant, server }: SuiteContext): Promise<Figure[]> {
  const company = await tenant();
  const bench = await server();
  const { baseUrl, services } = bench;
  const token = await company.token();
  const actor = { userId: company.userId, role: 'administrator' as const, companyId: company.companyId };
  const pg = db.driver === 'postgres';
  const caughtUp = async () => {
    const head = await committedHead(db.sql);
    if (head && !(await services.engine.waitFor(head, { timeoutMs: 30 * 60_000 })).reached) throw new Error('the read models lag');
  };
  await caughtUp();

  // The premiums are paid `--payments` months ahead: the batch is for the month after, "a month ahead" of a clock set there.
  const today = southAfricanDate(new Date());
  const debitDate = addMonths(`${today.slice(0, 7)}-01`, options.payments + 2);
  const clock = new Date(`${addMonths(debitDate, -1)}T08:00:00Z`);
  const ctx = (): CommandContext => commandContext(actor, randomUUID(), clock > new Date() ? clock : new Date());

  const readStarted = performance.now();
  const book = await billingBook(db.sql, company.companyId);
  const readMs = performance.now() - readStarted;
  const policies = book.filter((p) => p.calendar.status === 'active');
  log(`billing book: ${book.length} policies (${policies.length} active) in ${round(readMs)} ms; debit date ${debitDate}`);
  const t = tap(db.sql, bench, db.store);
  try {
    // 1. A mandate on every active policy, MANDATE_CONCURRENCY commands at a time.
    let next = 0;
    const mandatesStarted = performance.now();
    await Promise.all(
      Array.from({ length: MANDATE_CONCURRENCY }, async () => {
        for (let i = next++; i < policies.length; i = next++) {
          await setDebitMandate(
            db.store,
            policies[i]!.policyId,
            {
              accountHolder: `Bench Holder ${i}`,
              bank: 'fnb',
              branchCode: '250655',
              accountNumber: String(62_000_000_000 + i),
              accountType: ['cheque', 'savings', 'transmission'][i % 3],
              debitDay: 1,
              mandateReference: mandateReference(i),
            },
            ctx(),
          );
        }
      }),
    );
    const mandatesMs = performance.now() - mandatesStarted;
    t.take('mandates', log);
    const projectStarted = performance.now();
    await caughtUp();
    const mandatesProjectedMs = performance.now() - projectStarted;
    log(`${policies.length} mandates in ${round(mandatesMs)} ms; read models caught up ${round(mandatesProjectedMs)} ms later`);
    // Idempotent PUTs, retried once: on PGlite a long in-process step can leave the client a keep-alive socket the server closed.
    const put = (path: string, body: unknown) =>
      call(baseUrl, 'PUT', path, body, token).catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
        return call(baseUrl, 'PUT', path, body, token);
      });
    await put('/api/collections/settings', { includeArrears: false, account: ACCOUNT });
    await put('/api/collections/statement-columns', STATEMENT_COLUMNS);
    await caughtUp();
    t.take('settings', () => {});

    // 2. The batch.
    const batchStarted = performance.now();
    const made = await createCollectionBatch({ store: db.store, sql: db.sql }, { debitDate }, ctx());
    const batchMs = performance.now() - batchStarted;
    t.take('batch', log);
    await caughtUp();
    const batchInfo = await call<{ count: number; total: string }>(
      baseUrl,
      'GET',
      `/api/collections/batches/${made.batchId}`,
      undefined,
      token,
    );
    log(`batch ${debitDate}: ${batchInfo.count} debits, R ${batchInfo.total}, in ${round(batchMs)} ms`);
    if (batchInfo.count === 0) throw new Error('the batch is empty');

    // Baseline: as many plain payments as the batch has debits, in one append.
    const streams: StreamAppend[] = policies.slice(0, batchInfo.count).map((p) => {
      const paymentId = randomUUID();
      const event: PaymentRecorded = {
        type: 'PaymentRecorded',
        data: {
          paymentId,
          companyId: company.companyId,
          policyId: p.policyId,
          policyNumber: p.policyNumber,
          memberId: p.memberId,
          memberName: 'Bench Member',
          amount: '1.00',
          paymentDate: today,
          paymentMethod: 'cash',
          reference: null,
          notes: 'bench baseline',
          status: 'completed',
          groupSchemeId: null,
          groupPaymentId: null,
        },
      };
      return { streamId: paymentStreamId(paymentId), expectedVersion: 'no_stream', events: [toNewEvent(event, paymentPii)] };
    });
    const appendStarted = performance.now();
    for (let i = 0; i < streams.length; i += BASELINE_APPEND) {
      const part = streams.slice(i, i + BASELINE_APPEND);
      await db.store.append(part, { commandId: randomUUID(), companyId: company.companyId, actorUserId: company.userId });
    }
    const appendMs = performance.now() - appendStarted;
    t.take('baseline append', log);
    const appendProjectStarted = performance.now();
    await caughtUp();
    log(
      `baseline: ${streams.length} PaymentRecorded in one append ${round(appendMs)} ms, projected ${round(performance.now() - appendProjectStarted)} ms later`,
    );
    t.take('baseline projection', () => {});

    // 3. Both files through the gateway.
    const fileMs: Record<'csv' | 'acb', number> = { csv: 0, acb: 0 };
    let batchCsv = '';
    for (const format of ['csv', 'acb'] as const) {
      const started = performance.now();
      const body = await send(baseUrl, 'GET', `/api/collections/batches/${made.batchId}/file?format=${format}`, token);
      fileMs[format] = performance.now() - started;
      if (format === 'csv') batchCsv = body;
      t.take(`${format} file`, log);
      log(`${format} file: ${round(body.length / 1e6, 2)} MB in ${round(fileMs[format])} ms`);
    }

    // The whole file in one request, as a clerk sends it.
    const upload = async (path: string, header: string, rows: readonly string[], trailer: (rows: readonly string[]) => string | null) => {
      const end = trailer(rows);
      const whole = [header, ...rows, ...(end === null ? [] : [end, ''])].join('\r\n');
      const started = performance.now();
      const answer = JSON.parse(await send(baseUrl, 'POST', path, token, whole)) as Record<string, number>;
      const ms = performance.now() - started;
      log(`${path}: ${JSON.stringify(answer)} in ${round(ms)} ms (${round(whole.length / 1e6, 2)} MB)`);
      return { ms, answer };
    };

    // 4. The result file, then the same file again.
    const results = resultRows(batchCsv);
    const first = await upload('/api/collections/results', RESULT_HEADER, results.rows, resultTrailer);
    t.take('result file', log);
    await caughtUp();
    t.take('after the result file', () => {});
    const again = await upload('/api/collections/results', RESULT_HEADER, results.rows, resultTrailer);
    t.take('result file again', log);
    if (first.answer.collected! + first.answer.unpaid! !== results.rows.length) throw new Error('the result file was not taken whole');
    if (again.answer.duplicates !== results.rows.length) throw new Error('the second import was not all duplicates');

    // 5. A statement.
    const n = Math.min(options.statementLines, policies.length);
    const byPolicy = policies.map((p, i) => ({ policyNumber: p.policyNumber, mandate: mandateReference(i) }));
    await caughtUp();
    const statement = await upload('/api/collections/statements', STATEMENT_HEADER, statementRows(n, byPolicy, today), () => null);
    const matched = statement.answer;
    const statementMs = statement.ms;
    t.take('statement', log);
    if (matched.credits !== n) throw new Error(`the statement had ${matched.credits} credits, not ${n}`);

    const count = batchInfo.count.toLocaleString('en-US');
    const full = batchInfo.count >= 50_000;
    const overBook = (ms: number) => ({ value: round(ms / readMs), over: 'reading the billing book once' });
    const overAppend = (ms: number) => ({ value: round(ms / appendMs), over: `appending ${count} payments` });
    const seconds = (ms: number) => round(ms / 1000, ms < 10_000 ? 2 : 1);
    return [
      {
        suite: 'collections',
        metric: `read the billing book, ${book.length.toLocaleString('en-US')} policies (baseline)`,
        value: round(readMs),
        unit: 'ms',
      },
      {
        suite: 'collections',
        metric: `append ${count} PaymentRecorded in one append (baseline)`,
        value: seconds(appendMs),
        unit: 's',
      },
      {
        suite: 'collections',
        metric: `set ${policies.length.toLocaleString('en-US')} mandates, ${MANDATE_CONCURRENCY} at a time`,
        value: seconds(mandatesMs),
        unit: 's',
        ratio: overBook(mandatesMs),
      },
      {
        suite: 'collections',
        metric: `create the batch: ${count} debits`,
        value: seconds(batchMs),
        unit: 's',
        ratio: overBook(batchMs),
      },
      ...(['csv', 'acb'] as const).map((format) => ({
        suite: 'collections',
        metric: `GET the ${count}-debit ${format.toUpperCase()} file`,
        value: seconds(fileMs[format]),
        unit: 's',
        ratio: overBook(fileMs[format]),
        target: '< 10 s (50,000)',
        met: pg && full ? fileMs[format] < 10_000 : null,
      })),
      {
        suite: 'collections',
        metric: `import a ${count}-line result file (${first.answer.unpaid} unpaid)`,
        value: seconds(first.ms),
        unit: 's',
        ratio: overAppend(first.ms),
        target: '< 30 s (50,000)',
        met: pg && full ? first.ms < 30_000 : null,
      },
      {
        suite: 'collections',
        metric: `the same file again (all duplicates)`,
        value: seconds(again.ms),
        unit: 's',
        ratio: overAppend(again.ms),
      },
      {
        suite: 'collections',
        metric: `import a ${n.toLocaleString('en-US')}-credit statement: ${matched.matched} matched, ${matched.unmatched} unmatched`,
        value: seconds(statementMs),
        unit: 's',
        ratio: overBook(statementMs),
        target: '< 20 s (20,000)',
        met: pg && n >= 20_000 ? statementMs < 20_000 : null,
      },
    ];
  } finally {
    t.restore();
  }
}
