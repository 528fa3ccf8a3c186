import { describe, expect, it } from 'vitest';
import { COLLECTION_FILE_MAX_BYTES, CollectionFileError } from './file-error.ts';
import { parseResultFile } from './result-file.ts';
import { UNPAID_CODE_LIST } from './unpaid-codes.ts';

const HEADER = 'reference,amount,status,unpaid_code,date';
const file = (...lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;

const refusal = (input: Uint8Array | string) => {
  try {
    parseResultFile(input);
  } catch (error) {
    if (error instanceof CollectionFileError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('expected a CollectionFileError');
};

describe('parseResultFile', () => {
  it('reads collected and unpaid lines with their line numbers', () => {
    const text = file('POL-2026-000001,15000,collected,,2026-12-01', 'MND-000002,9950,unpaid,02,2026-12-01');
    expect(parseResultFile(text)).toEqual([
      { line: 2, reference: 'POL-2026-000001', amountCents: 15000, status: 'collected', unpaidCode: null, date: '2026-12-01' },
      { line: 3, reference: 'MND-000002', amountCents: 9950, status: 'unpaid', unpaidCode: '02', date: '2026-12-01' },
    ]);
  });

  it('reads every South African unpaid code', () => {
    const lines = UNPAID_CODE_LIST.map((code, i) => `POL-2026-${String(i + 1).padStart(6, '0')},10000,unpaid,${code},2026-12-01`);
    const parsed = parseResultFile(file(...lines, `TRAILER,${lines.length},${lines.length * 10000}`));
    expect(parsed.map((l) => l.unpaidCode)).toEqual([...UNPAID_CODE_LIST]);
    expect(parsed.map((l) => l.line)).toEqual(UNPAID_CODE_LIST.map((_, i) => i + 2));
    expect(UNPAID_CODE_LIST).toHaveLength(19);
  });

  it('takes the providers’ status words in any case, a BOM, bytes, blank lines, and a code whose leading zero a spreadsheet dropped', () => {
    const text = `\uFEFF${file('A,1,PAID,,2026-12-01', '', 'B,2,Success,,2026-12-01', 'C,3,FAILED,4,2026-12-01')}`;
    const parsed = parseResultFile(new TextEncoder().encode(text));
    expect(parsed.map((l) => [l.line, l.status, l.unpaidCode])).toEqual([
      [2, 'collected', null],
      [4, 'collected', null],
      [5, 'unpaid', '04'],
    ]);
  });

  it('checks a trailer that agrees and refuses the whole file, naming the trailer line, when it does not', () => {
    const lines = ['A,15000,collected,,2026-12-01', 'B,9950,unpaid,18,2026-12-01'];
    expect(parseResultFile(file(...lines, 'TRAILER,2,24950'))).toHaveLength(2);
    expect(parseResultFile(file(...lines, 'trailer,2,24950,,'))).toHaveLength(2);
    expect(refusal(file(...lines, 'TRAILER,2,24951'))).toEqual({
      line: 4,
      message:
        'Line 4: The trailer says 2 lines totalling 24951 cents, but the file has 2 lines totalling 24950 cents. The file may be incomplete: ask the provider for it again.',
    });
    expect(refusal(file(lines[0]!, 'TRAILER,2,24950')).line).toBe(3);
    expect(refusal(file(lines[0]!, 'TRAILER,1,15000', lines[1]!))).toEqual({
      line: 3,
      message: 'Line 3: The trailer must be the last line of the file.',
    });
    expect(refusal(file(lines[0]!, 'TRAILER,one,15000')).line).toBe(3);
  });
});

describe('parseResultFile refuses the whole file', () => {
  const ok = 'A,15000,collected,,2026-12-01';
  it.each([
    [
      'not UTF-8',
      new Uint8Array([...new TextEncoder().encode(`${HEADER}\r\nJos`), 0xe9, ...new TextEncoder().encode(',1,paid,,2026-12-01')]),
      2,
      'not UTF-8',
    ],
    ['empty', '', null, 'The file is empty.'],
    ['only spaces and a BOM', '\uFEFF  \r\n', null, 'The file is empty.'],
    ['a header and no lines', `${HEADER}\r\n`, 1, 'no result lines'],
    ['no header', 'A,15000,collected,,2026-12-01\r\n', 1, 'unknown column "a"'],
    ['an unknown column', `reference,amount,status,reason,date\r\n${ok}`, 1, 'unknown column "reason"'],
    ['columns out of order', `amount,reference,status,unpaid_code,date\r\n${ok}`, 1, 'in that order'],
    ['an extra column', file(`${ok},x`), 2, 'The line has 6 values; the header names 5 columns'],
    ['a missing column', file('A,15000,collected,'), 2, 'The line has 4 values'],
    [
      'a negative amount',
      file('A,-15000,collected,,2026-12-01'),
      2,
      'The amount "-15000" must be a whole number of cents greater than zero',
    ],
    ['a zero amount', file('A,0,collected,,2026-12-01'), 2, 'greater than zero'],
    ['rands and cents', file('A,150.00,collected,,2026-12-01'), 2, 'whole number of cents'],
    ['an unknown status', file('A,15000,bounced,,2026-12-01'), 2, 'The status "bounced" is not one of'],
    ['an unknown unpaid code', file('A,15000,unpaid,99,2026-12-01'), 2, '"99" is not a known unpaid reason code.'],
    ['an unpaid line without a code', file('A,15000,unpaid,,2026-12-01'), 2, 'must give its unpaid reason code'],
    ['a collected line with a code', file('A,15000,collected,02,2026-12-01'), 2, 'A collected line must have no unpaid code'],
    ['a bad date', file('A,15000,collected,,2026-02-30'), 2, 'The date "2026-02-30" is not a date'],
    ['a date the other way round', file('A,15000,collected,,01/12/2026'), 2, 'YYYY-MM-DD'],
    ['an empty reference', file(ok, ' ,15000,collected,,2026-12-01'), 3, 'The reference is empty.'],
    ['an unclosed quote', file(ok, '"A,15000,collected,,2026-12-01'), 3, 'not closed'],
    ['a value running over two lines', file(ok, '"A\r\nB",15000,collected,,2026-12-01', ok), 3, 'runs over more than one line'],
    ['a quote inside a value', file(ok, '', 'A"B,15000,collected,,2026-12-01'), 4, 'A " is out of place'],
  ])('%s', (_, input, line, message) => {
    const { line: at, message: text } = refusal(input);
    expect(at).toBe(line);
    expect(text).toContain(message);
    if (line !== null) expect(text.startsWith(`Line ${line}: `)).toBe(true);
  });

  it('over 20 MB, before reading it', () => {
    const big = new Uint8Array(COLLECTION_FILE_MAX_BYTES + 1).fill(0x41);
    expect(refusal(big)).toEqual({ line: null, message: 'The file is larger than 20 MB. Split it and upload the parts.' });
  });
});
