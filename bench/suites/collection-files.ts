import {
  type DebitFileHeader,
  type DebitLine,
  parseResultFile,
  readAcb,
  UNPAID_CODE_LIST,
  writeAcb,
  writeDebitCsv,
} from '@fpa/write-model/collections/files';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const HEADER: DebitFileHeader = {
  batchId: 'bench',
  debitDate: '2026-12-01',
  createdOn: '2026-11-26',
  account: {
    companyName: 'Bench Funeral Services',
    userCode: 'BN01',
    abbreviatedName: 'BENCH FS',
    installationId: '0042',
    branchCode: '250655',
    accountNumber: '62000000017',
    accountType: 'cheque',
  },
  generationNumber: 1,
};

const ACCOUNT_TYPES = ['cheque', 'savings', 'transmission'] as const;

/** A batch of `n` debits whose names, accounts and amounts vary as a real book's do. */
function batch(n: number): DebitLine[] {
  return Array.from({ length: n }, (_, i) => ({
    mandateReference: `MND-${String(i + 1).padStart(7, '0')}`,
    accountHolder: i % 7 === 0 ? `Zoë Müller-Léger ${i}` : `Thandiwe Nkosi-Dlamini ${i}`,
    branchCode: ['250655', '632005', '470010', '198765', '051001'][i % 5]!,
    accountNumber: String(1_000_000_000 + ((i * 7_919) % 8_999_999_999)),
    accountType: ACCOUNT_TYPES[i % 3]!,
    amountCents: 9_900 + (i % 40) * 500,
    actionDate: '2026-12-01',
    userReference: `POL-2026-${String(i + 1).padStart(6, '0')}`,
  }));
}

/** The provider's result file for that batch: one line in ten unpaid, the codes taken in turn; a trailer. */
function resultFile(lines: readonly DebitLine[]): string {
  let total = 0;
  const rows = lines.map((l, i) => {
    total += l.amountCents;
    const unpaid = i % 10 === 9;
    const code = unpaid ? UNPAID_CODE_LIST[((i / 10) % UNPAID_CODE_LIST.length) | 0] : '';
    return `${l.userReference},${l.amountCents},${unpaid ? 'unpaid' : 'collected'},${code},${l.actionDate}`;
  });
  return ['reference,amount,status,unpaid_code,date', ...rows, `TRAILER,${lines.length},${total}`, ''].join('\r\n');
}

/** The median of three runs after one warm-up (the first call compiles the code paths). */
function time(fn: () => unknown): number {
  fn();
  const runs = [0, 1, 2].map(() => {
    const started = performance.now();
    fn();
    return performance.now() - started;
  });
  return runs.sort((a, b) => a - b)[1]!;
}

/**
 * Issue #21's file figures, with no database: building an n-debit batch file in both formats (target
 * < 10 s for 50,000) and parsing an n-line result file (the parsing part of the < 30 s import). The
 * baselines in the same run: JSON.stringify of the same debits (building), JSON.parse of the result
 * lines as JSON (parsing), the least any format of that data could cost.
 */
export async function collectionFilesSuite({ options, log }: SuiteContext): Promise<Figure[]> {
  const n = options.collectionLines;
  const lines = batch(n);
  const count = n.toLocaleString('en-US');
  const stringifyMs = time(() => JSON.stringify(lines));
  let csv = '';
  let acb = '';
  const csvMs = time(() => (csv = writeDebitCsv(lines)));
  const acbMs = time(() => (acb = writeAcb(HEADER, lines)));
  const readAcbMs = time(() => readAcb(acb));
  const results = resultFile(lines);
  const resultsJson = JSON.stringify(parseResultFile(results));
  const jsonParseMs = time(() => JSON.parse(resultsJson));
  const parseMs = time(() => parseResultFile(results));
  log(`csv ${round(csv.length / 1e6, 1)} MB in ${round(csvMs)} ms, acb ${round(acb.length / 1e6, 1)} MB in ${round(acbMs)} ms`);
  log(`result file ${round(results.length / 1e6, 1)} MB parsed in ${round(parseMs)} ms; acb read back in ${round(readAcbMs)} ms`);

  const built = (ms: number) => ({ value: round(ms / stringifyMs), over: 'JSON.stringify of the same debits' });
  const fullSize = n >= 50_000;
  return [
    { suite: 'collection-files', metric: `JSON.stringify of ${count} debits (baseline)`, value: round(stringifyMs), unit: 'ms' },
    {
      suite: 'collection-files',
      metric: `build the ${count}-debit CSV`,
      value: round(csvMs),
      unit: 'ms',
      ratio: built(csvMs),
      target: '< 10 s (50,000)',
      met: fullSize ? csvMs < 10_000 : null,
    },
    {
      suite: 'collection-files',
      metric: `build the ${count}-debit ACB file`,
      value: round(acbMs),
      unit: 'ms',
      ratio: built(acbMs),
      target: '< 10 s (50,000)',
      met: fullSize ? acbMs < 10_000 : null,
    },
    {
      suite: 'collection-files',
      metric: `read the ${count}-debit ACB file back`,
      value: round(readAcbMs),
      unit: 'ms',
      ratio: built(readAcbMs),
    },
    { suite: 'collection-files', metric: `JSON.parse of ${count} result lines (baseline)`, value: round(jsonParseMs), unit: 'ms' },
    {
      suite: 'collection-files',
      metric: `parse a ${count}-line result file`,
      value: round(parseMs),
      unit: 'ms',
      ratio: { value: round(parseMs / jsonParseMs), over: 'JSON.parse of the same lines' },
    },
  ];
}
