import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { readDebitCsv, writeDebitCsv } from './debit-csv.ts';
import { CollectionFileError } from './file-error.ts';
import { SAMPLE_LINES } from './samples/sample-batch.ts';

const sample = readFileSync(new URL('./samples/sample-batch.csv', import.meta.url), 'utf8');

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof CollectionFileError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('expected a CollectionFileError');
};

describe('writeDebitCsv (golden file)', () => {
  it('writes the sample batch exactly as the checked-in sample-batch.csv', () => {
    expect(writeDebitCsv(SAMPLE_LINES)).toBe(sample);
  });

  it('ends every line with CRLF, quotes only the cell with a comma, and closes with the count and total', () => {
    const lines = sample.split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(
      'mandate_reference,account_holder,branch_code,account_number,account_type,amount_cents,action_date,user_reference',
    );
    expect(lines[4]).toBe('MND-000004,"O\'Brien, Pieter",198765,1987654321,cheque,45000,2026-12-01,POL-2026-000004');
    expect(lines[5]).toBe('TRAILER,4,99850');
    expect(lines[6]).toBe('');
  });

  it('reads the sample back to the batch it was written from', () => {
    expect(readDebitCsv(sample)).toEqual({ lines: SAMPLE_LINES, count: 4, totalCents: 99850 });
  });

  it('hands a spreadsheet no formula: a text cell starting with = + - @ gets an apostrophe, and reads back as it was', () => {
    const line = { ...SAMPLE_LINES[0]!, accountHolder: '=HYPERLINK("http://x","y")', mandateReference: '@SUM(A1)', userReference: '+27' };
    const csv = writeDebitCsv([line]);
    expect(csv.split('\r\n')[1]).toBe(`'@SUM(A1),"'=HYPERLINK(""http://x"",""y"")",250655,62001234567,cheque,15000,2026-12-01,'+27`);
    expect(readDebitCsv(csv).lines).toEqual([line]);
  });

  it('writes a line break inside a name as a space, so each debit stays on one line', () => {
    const csv = writeDebitCsv([{ ...SAMPLE_LINES[0]!, accountHolder: 'Thandiwe\r\nNkosi' }]);
    expect(csv.split('\r\n')[1]).toBe('MND-000001,Thandiwe Nkosi,250655,62001234567,cheque,15000,2026-12-01,POL-2026-000001');
  });

  it('refuses to write a debit no bank would take, naming it', () => {
    const bad = [SAMPLE_LINES[0]!, { ...SAMPLE_LINES[1]!, branchCode: '63200' }];
    expect(() => writeDebitCsv(bad)).toThrow(ValidationError);
    expect(() => writeDebitCsv(bad)).toThrow('Debit 2 (mandate MND-000002): The branch code "63200" is not 6 digits.');
    expect(() => writeDebitCsv([{ ...SAMPLE_LINES[0]!, amountCents: 12.5 }])).toThrow('not a whole number of cents');
  });
});

describe('readDebitCsv refusals', () => {
  it('refuses a trailer that disagrees with the lines, naming the trailer line', () => {
    expect(refusal(() => readDebitCsv(sample.replace('TRAILER,4,99850', 'TRAILER,4,99851')))).toEqual({
      line: 6,
      message: 'Line 6: The trailer says 4 debits totalling 99851 cents, but the file has 4 debits totalling 99850 cents.',
    });
  });

  it('refuses a file without its trailer, a wrong header, a short line and a bad amount', () => {
    expect(refusal(() => readDebitCsv(sample.replace('TRAILER,4,99850\r\n', ''))).line).toBe(5);
    expect(refusal(() => readDebitCsv(sample.replace('mandate_reference', 'mandate'))).line).toBe(1);
    expect(refusal(() => readDebitCsv(sample.replace(',POL-2026-000003', '')))).toEqual({
      line: 4,
      message: 'Line 4: Has 7 values; the header names 8 columns.',
    });
    expect(refusal(() => readDebitCsv(sample.replace(',29900,', ',-29900,'))).line).toBe(4);
  });
});
