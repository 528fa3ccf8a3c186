import { describe, expect, it } from 'vitest';
import { COLLECTION_FILE_MAX_BYTES } from '../files/file-error.ts';
import { parseStatementCsv, statementHeaders, type StatementColumns } from './statement-csv.ts';
import { guessStatementColumns } from './statement-guess.ts';
import { refusal, sample } from './statement-testing.ts';

const fnbColumns: StatementColumns = {
  date: 'Date',
  description: 'Description',
  reference: 'Reference',
  amount: 'Amount',
  credit: null,
  debit: null,
  dateFormat: 'YYYY/MM/DD',
};
const capitecColumns: StatementColumns = {
  date: 'Posting Date',
  description: 'Original Description',
  reference: null,
  amount: null,
  credit: 'Money In',
  debit: 'Money Out',
  dateFormat: 'YYYY-MM-DD',
};

describe('an FNB-like statement (preamble, one signed amount column, CRLF)', () => {
  it('reads every line after the header with the line it is on', () => {
    expect(parseStatementCsv(sample('fnb.csv'), fnbColumns)).toEqual([
      { line: 6, date: '2026-11-02', description: 'MAGTAPE CREDIT', reference: 'POL-2026-000123', amountCents: 15_000 },
      { line: 7, date: '2026-11-03', description: 'FNB OB PMT S DLAMINI', reference: 'pol 2026 000456', amountCents: 120_000 },
      { line: 8, date: '2026-11-03', description: '#MONTHLY ACCOUNT FEE', reference: '', amountCents: -3_550 },
      { line: 10, date: '2026-11-05', description: 'ADT CASH DEPO NKOSI, PREMIUM', reference: 'CASH', amountCents: 29_900 },
    ]);
  });
  it('finds the header row and proposes the mapping', () => {
    const headers = statementHeaders(sample('fnb.csv'));
    expect(headers).toEqual(['Date', 'Amount', 'Balance', 'Description', 'Reference']);
    expect(guessStatementColumns(headers)).toEqual({ ...fnbColumns, dateFormat: 'DD/MM/YYYY' });
  });
});

describe('a Capitec-like statement (preamble, money in and money out columns)', () => {
  it('reads money out (written negative) as a debit and a fee-only row as nothing in or out', () => {
    expect(parseStatementCsv(sample('capitec.csv'), capitecColumns)).toEqual([
      { line: 5, date: '2026-11-02', description: 'Payment Received: POL-2026-000789 T Mokoena', reference: '', amountCents: 29_900 },
      { line: 6, date: '2026-11-04', description: 'Debit Order: FUNERAL COVER', reference: '', amountCents: -12_000 },
      { line: 7, date: '2026-11-06', description: 'Payment Received: J VAN DER MERWE', reference: '', amountCents: 123_450 },
      { line: 8, date: '2026-11-07', description: 'Monthly Account Admin Fee', reference: '', amountCents: 0 },
    ]);
  });
  it('proposes the posting date, ISO dates and the money columns', () => {
    expect(guessStatementColumns(statementHeaders(sample('capitec.csv')))).toEqual({ ...capitecColumns, description: 'Description' });
  });
});

describe('guessStatementColumns', () => {
  it('knows the other banks’ names and gives up without an amount', () => {
    expect(guessStatementColumns(['Tranlistno', 'Date', 'Description', 'Fees(R)', 'Debits(R)', 'Credits(R)', 'Balance(R)'])).toEqual({
      date: 'Date',
      description: 'Description',
      reference: null,
      amount: null,
      credit: 'Credits(R)',
      debit: 'Debits(R)',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(guessStatementColumns(['Date', 'Description', 'Balance'])).toBeNull();
  });
});

const csv = (...lines: string[]) => lines.join('\n');
const header = 'Date,Description,Reference,Amount';
const columns: StatementColumns = { ...fnbColumns, dateFormat: 'DD MMM YYYY' };

describe('refused whole, naming the line', () => {
  it('takes a byte-order mark, blank lines and padded trailing cells', () => {
    const text = `\ufeff${csv('', header, '05 Nov 2026,EFT,POL-1,R 150.00,,', '', '6 nov 2026,EFT,,-R 1 000.50')}`;
    expect(parseStatementCsv(new TextEncoder().encode(text), columns)).toEqual([
      { line: 3, date: '2026-11-05', description: 'EFT', reference: 'POL-1', amountCents: 15_000 },
      { line: 5, date: '2026-11-06', description: 'EFT', reference: '', amountCents: -100_050 },
    ]);
  });
  it('a file that is not UTF-8 (Windows-1252 é on line 3)', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${header}\n05 Nov 2026,A,B,1.00\n05 Nov 2026,Ren`), 0xe9, 0x0a]);
    expect(refusal(() => parseStatementCsv(bytes, columns))).toEqual({
      line: 3,
      message: 'Line 3: The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and upload it again.',
    });
  });
  it('a file over the limit, before reading it', () => {
    expect(refusal(() => parseStatementCsv(new Uint8Array(COLLECTION_FILE_MAX_BYTES + 1), columns))).toEqual({
      line: null,
      message: 'The file is larger than 20 MB. Split it and upload the parts.',
    });
  });
  it('an empty file', () => {
    expect(refusal(() => parseStatementCsv(new TextEncoder().encode('\ufeff \n'), columns))).toEqual({
      line: null,
      message: 'The file is empty.',
    });
  });
  it('no header row with the mapped columns', () => {
    expect(refusal(() => parseStatementCsv(csv('Date,Details,Amount', '05 Nov 2026,A,1.00'), columns))).toEqual({
      line: null,
      message: 'No header row names the mapped columns (Date, Description, Reference, Amount); check the column mapping',
    });
  });
  it('a row with more cells than the header', () => {
    expect(refusal(() => parseStatementCsv(csv(header, '05 Nov 2026,A,B,1.00', '05 Nov 2026,A,B,1.00,surprise'), columns))).toEqual({
      line: 3,
      message: 'Line 3: the row has 5 cells but the header has 4 (extra columns)',
    });
  });
  it('an unreadable date', () => {
    expect(refusal(() => parseStatementCsv(csv(header, '05 Nov 2026,A,B,1.00', '', '31 Feb 2026,A,B,1.00'), columns))).toEqual({
      line: 4,
      message: "Line 4: the date '31 Feb 2026' is not a date written DD MMM YYYY",
    });
  });
  it('an unreadable amount', () => {
    expect(refusal(() => parseStatementCsv(csv(header, '05 Nov 2026,A,B,-150.00 Cr'), columns))).toEqual({
      line: 2,
      message: "Line 2: the amount '-150.00 Cr' is not an amount",
    });
  });
  it('a row with both money in and money out', () => {
    const both = { ...capitecColumns, date: 'Date', description: 'Description', dateFormat: 'DD/MM/YYYY' } as const;
    expect(refusal(() => parseStatementCsv(csv('Date,Description,Money In,Money Out', '05/11/2026,X,10.00,5.00'), both))).toEqual({
      line: 2,
      message: 'Line 2: the row has both money in and money out',
    });
  });
  it('a quote the CSV never closes, at the line the parser gave up on', () => {
    expect(refusal(() => parseStatementCsv(csv(header, '05 Nov 2026,"A,B,1.00', '05 Nov 2026,A,B,1.00'), columns))).toEqual({
      line: 3,
      message: 'Line 3: a quoted cell is never closed',
    });
  });
});
