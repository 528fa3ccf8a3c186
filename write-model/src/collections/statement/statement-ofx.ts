import { parseSync } from 'ofx-js';
import { CollectionFileError } from '../files/file-error.ts';
import { decodeCollectionFile } from '../files/file-text.ts';
import type { StatementLine } from './statement-csv.ts';
import { parseStatementAmount } from './statement-values.ts';

/**
 * Two inputs make ofx-js's SGML-to-XML regexes take exponential or quadratic time (measured: 26
 * capitals after a '<' took 2 s and every further one doubles it; 100,000 spaces took 15 s), and an
 * upload may be 20 MB. Tag names are lower-cased (its regex only backtracks over capitals; SGML
 * content holds no '<') and runs of white space are cut to one, which changes nothing we read.
 */
export function defused(text: string): string {
  const start = text.indexOf('<OFX>');
  if (start === -1) throw new CollectionFileError('the file is not an OFX statement (no <OFX> element)');
  const body = text
    .slice(start + 5)
    .replace(/\s+/g, ' ')
    .replace(
      /<(\/?)([A-Za-z0-9_.]+)/g,
      (_, slash: string, name: string) => `<${slash}${name.toUpperCase() === 'OFX' ? 'OFX' : name.toLowerCase()}`,
    );
  return `${text.slice(0, start)}<OFX>${body}`;
}

type Transaction = { dtposted?: unknown; trnamt?: unknown; name?: unknown; memo?: unknown; refnum?: unknown; checknum?: unknown };

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The bank account (and credit card) transactions of an OFX 1.x (SGML) or 2.x (XML) statement. A
 * transaction's line is the line its <STMTTRN> starts on, so a refusal points into the file like the
 * CSV's do.
 */
export function parseStatementOfx(bytes: Uint8Array | string): StatementLine[] {
  const text = decodeCollectionFile(bytes);
  let ofx: Record<string, unknown>;
  try {
    ofx = parseSync(defused(text)).OFX as Record<string, unknown>;
  } catch (error) {
    if (error instanceof CollectionFileError) throw error;
    throw new CollectionFileError(`the OFX file is not readable (${error instanceof Error ? error.message : String(error)})`);
  }
  const statements = [
    ...list(pick(ofx, 'bankmsgsrsv1', 'stmttrnrs')).map((r) => pick(r, 'stmtrs')),
    ...list(pick(ofx, 'creditcardmsgsrsv1', 'ccstmttrnrs')).map((r) => pick(r, 'ccstmtrs')),
  ];
  const transactions = statements.flatMap((s) => list(pick(s, 'banktranlist', 'stmttrn') as Transaction | Transaction[] | undefined));
  const lines = transactionLines(text);
  return transactions.map((t, i) => {
    const line = lines[i] ?? null;
    const date = /^(\d{4})(\d{2})(\d{2})/.exec(str(t.dtposted));
    if (!date) throw new CollectionFileError(`the transaction's DTPOSTED '${str(t.dtposted)}' is not a date`, line);
    const amountCents = parseStatementAmount(str(t.trnamt));
    if (amountCents === null) throw new CollectionFileError(`the transaction's TRNAMT '${str(t.trnamt)}' is not an amount`, line);
    return {
      line: line ?? 0,
      date: `${date[1]}-${date[2]}-${date[3]}`,
      description: [str(t.name), str(t.memo)].filter(Boolean).join(' '),
      reference: str(t.refnum) || str(t.checknum),
      amountCents,
    };
  });
}

function pick(value: unknown, ...path: string[]): unknown {
  let at = value;
  for (const name of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[name] : undefined;
  return at;
}

/** The line each <STMTTRN> opens on, in file order (the order ofx-js returns them in). */
function transactionLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of text.matchAll(/<STMTTRN>/gi)) {
    for (let i = text.indexOf('\n', from); i !== -1 && i < match.index; i = text.indexOf('\n', i + 1)) line++;
    from = match.index;
    lines.push(line);
  }
  return lines;
}
