import {
  matchIndex,
  matchStatementLine,
  parseStatementCsv,
  type MatchablePolicy,
  type StatementColumns,
  type StatementMatch,
} from '../../write-model/src/collections/statement/index.ts';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

// Few surnames on purpose: the most common South African ones each hold a thousand-odd policies of a
// big book, the case a per-surname scan would make slow.
const SURNAMES = ['Dlamini', 'Nkosi', 'Ndlovu', 'Khumalo', 'Mokoena', 'Mahlangu', 'Van der Merwe', 'Botha', 'Naidoo', 'Mthembu'];
const PREMIUMS = [9_900, 15_000, 19_900, 29_900, 45_000];

const number = (i: number) => `POL-2026-${String(i).padStart(6, '0')}`;
const mandate = (i: number) => `FPA${String(i).padStart(8, '0')}`;

export function benchPolicies(count: number): MatchablePolicy[] {
  return Array.from({ length: count }, (_, i) => ({
    policyId: `policy-${i}`,
    policyNumber: number(i + 1),
    mandateReference: i % 2 === 0 ? mandate(i + 1) : null,
    memberSurname: SURNAMES[i % SURNAMES.length]!,
    monthlyPremiumCents: PREMIUMS[i % PREMIUMS.length]!,
  }));
}

/**
 * An FNB-like statement of `lines` rows: half carry a policy number typed one of four ways, a sixth a
 * mandate reference, a sixth a surname and one to three months' premium, the rest debits and credits
 * that are not ours.
 */
export function benchStatement(lines: number, policies: number): string {
  const rows = ['ACC-NO,62812345678,Gold Business Account', 'OPENING BALANCE,0.00', '', 'Date,Amount,Balance,Description,Reference'];
  for (let i = 0; i < lines; i++) {
    const p = (i * 7919) % policies; // spread over the book, deterministic
    const premium = PREMIUMS[p % PREMIUMS.length]!;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const amount = (cents: number) => (cents / 100).toFixed(2);
    let description = 'MAGTAPE CREDIT';
    let reference = '';
    let cents = premium;
    switch (i % 12) {
      case 0:
      case 1:
      case 2:
        reference = number(p + 1);
        break;
      case 3:
        reference = number(p + 1)
          .replaceAll('-', ' ')
          .toLowerCase();
        break;
      case 4:
        reference = number(p + 1).replace('-', '');
        break;
      case 5:
        description = `ADT CASH DEPO ${number(p + 1)}`;
        break;
      case 6:
        description = `DEBICHECK ${mandate(p - (p % 2) + 1)}`;
        break;
      case 7:
        description = `FNB OB PMT ${SURNAMES[p % SURNAMES.length]!.toUpperCase()}`;
        cents = premium * (1 + (i % 3));
        break;
      case 8:
        reference = `S ${SURNAMES[p % SURNAMES.length]}`;
        cents = premium + 1; // a surname without the premium: none
        break;
      case 9:
        description = '#MONTHLY ACCOUNT FEE';
        cents = -3_550;
        break;
      case 10:
        description = 'SALARY ACME PTY LTD';
        reference = `INV-${i}`;
        cents = 1_250_000;
        break;
      default:
        description = 'REVERSAL';
        reference = number(p + 1);
        cents = -premium;
    }
    rows.push(`2026/11/${day},"${amount(cents)}",0.00,"${description}",${reference}`);
  }
  return rows.join('\r\n');
}

const COLUMNS: StatementColumns = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  amount: 'Amount',
  credit: null,
  debit: null,
  dateFormat: 'YYYY/MM/DD',
};

/**
 * Issue #21's figure: a 20,000-line statement matched against a 50,000-policy book in < 20 s. Pure
 * work, no database. The baseline in the same run is parsing the statement alone: matching should
 * cost a small multiple of reading the file, whatever the size of the book.
 */
export async function statementMatchingSuite({ options, log }: SuiteContext): Promise<Figure[]> {
  const policies = benchPolicies(options.members);
  const text = new TextEncoder().encode(benchStatement(options.statementLines, policies.length));

  const started = performance.now();
  const lines = parseStatementCsv(text, COLUMNS);
  const parsed = performance.now();
  const index = matchIndex(policies);
  const indexed = performance.now();
  const counts: Record<StatementMatch['kind'], number> = { exact: 0, suggestion: 0, none: 0 };
  for (const line of lines) counts[matchStatementLine(line, index).kind]++;
  const done = performance.now();

  const parseMs = parsed - started;
  const totalMs = done - started;
  const size = `${lines.length.toLocaleString('en-US')} lines`;
  const book = `${policies.length.toLocaleString('en-US')} policies`;
  log(`statement: ${size} (${round(text.length / 1024 / 1024)} MB), ${JSON.stringify(counts)}`);
  const ratio = (ms: number) => ({ value: round(ms / parseMs), over: 'parsing the statement' });
  return [
    { suite: 'statement-matching', metric: `parse a ${size} statement CSV (baseline)`, value: round(parseMs), unit: 'ms' },
    { suite: 'statement-matching', metric: `index ${book}`, value: round(indexed - parsed), unit: 'ms', ratio: ratio(indexed - parsed) },
    {
      suite: 'statement-matching',
      metric: `match ${size}: ${counts.exact} exact, ${counts.suggestion} suggested, ${counts.none} none`,
      value: round(done - indexed),
      unit: 'ms',
      ratio: ratio(done - indexed),
    },
    {
      suite: 'statement-matching',
      metric: `parse, index and match: ${size} against ${book}`,
      value: round(totalMs / 1000, 2),
      unit: 's',
      ratio: ratio(totalMs),
      target: '< 20 s',
      met: options.smoke ? null : totalMs < 20_000,
    },
  ];
}
