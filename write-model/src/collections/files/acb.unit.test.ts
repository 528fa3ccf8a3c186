import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { readAcb, writeAcb } from './acb.ts';
import { ACB_LAYOUTS, acbHashTotal } from './acb-records.ts';
import type { DebitLine } from './debit-file.types.ts';
import { CollectionFileError } from './file-error.ts';
import { SAMPLE_HEADER, SAMPLE_LINES } from './samples/sample-batch.ts';

const sample = readFileSync(new URL('./samples/sample-batch.acb', import.meta.url), 'utf8');
const records = sample.split('\r\n').slice(0, -1);

const refusal = (text: string) => {
  try {
    readAcb(text);
  } catch (error) {
    if (error instanceof CollectionFileError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('expected a CollectionFileError');
};
/** The sample with record `line` (1-based) changed at 1-based position `at`. */
const patch = (line: number, at: number, text: string) =>
  records.map((r, i) => (i === line - 1 ? r.slice(0, at - 1) + text + r.slice(at - 1 + text.length) : r)).join('\r\n') + '\r\n';

/** What reading an ACB file gives for a written debit: no mandate reference, the name as the bank gets it. */
const asRead = (l: DebitLine, line: number, name: string) => {
  const { mandateReference: _, ...rest } = l;
  return { ...rest, accountHolder: name, line, sequenceNumber: line - 2, entryClass: '31' };
};

describe('ACB layouts', () => {
  it('makes every record type 180 characters', () => {
    for (const fields of Object.values(ACB_LAYOUTS)) expect(fields.reduce((sum, f) => sum + f.width, 0)).toBe(180);
  });
});

describe('writeAcb (golden file)', () => {
  it('writes the sample batch exactly as the checked-in sample-batch.acb', () => {
    expect(writeAcb(SAMPLE_HEADER, SAMPLE_LINES)).toBe(sample);
  });

  it('writes 180-character records in order, CRLF-ended: 02, 04, four 10s, the contra 12, 92, 94', () => {
    expect(sample.endsWith('\r\n')).toBe(true);
    expect(records.map((r) => r.length)).toEqual(Array(9).fill(180));
    expect(records.map((r) => r.slice(0, 2))).toEqual(['02', '04', '10', '10', '10', '10', '12', '92', '94']);
  });

  it('puts each field where the format has it (the savings debit with the accented name)', () => {
    const r = records[3]!;
    expect({
      userBranch: r.slice(2, 8),
      userAccount: r.slice(8, 19),
      userCode: r.slice(19, 23),
      sequence: r.slice(23, 29),
      homingBranch: r.slice(29, 35),
      homingAccount: r.slice(35, 46),
      accountType: r.slice(46, 47),
      amount: r.slice(47, 58),
      actionDate: r.slice(58, 64),
      entryClass: r.slice(64, 66),
      userReference: r.slice(70, 100),
      homingAccountName: r.slice(100, 130),
      homingInstitution: r.slice(166, 168),
    }).toEqual({
      userBranch: '250655',
      userAccount: '62000000017',
      userCode: 'UB07',
      sequence: '000002',
      homingBranch: '632005',
      homingAccount: '04051234567',
      accountType: '2',
      amount: '00000009950',
      actionDate: '261201',
      entryClass: '31',
      userReference: 'UBUNTU FS POL-2026-000002     ',
      homingAccountName: 'ZOE MULLER-LEGER              ',
      homingInstitution: '21',
    });
  });

  it('closes with the counts, totals and hash total of the homing accounts (debits and contra)', () => {
    expect(acbHashTotal(['62001234567', '4051234567', '1234567890', '1987654321', '62000000017'])).toBe('131274691362');
    expect(records[7]!.slice(0, 84)).toBe('92UB07000001000005261201261201000004000001000001000000099850000000099850131274691362');
    expect(records[8]!.slice(56, 74)).toBe('000001000009000002');
  });

  it('keeps only the rightmost 12 digits of a hash total that overflows', () => {
    expect(
      acbHashTotal([
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
        '99999999999',
      ]),
    ).toBe('099999999989');
  });
});

describe('readAcb', () => {
  it('reads back what writeAcb wrote (names as the bank gets them; the batch id and mandate references are not in the format)', () => {
    const { batchId: _, ...header } = SAMPLE_HEADER;
    const read = readAcb(writeAcb(SAMPLE_HEADER, SAMPLE_LINES));
    expect(read.header).toEqual({ ...header, account: { ...header.account, companyName: 'UBUNTU FUNERAL SERVICES (PTY)' } });
    expect(read.lines).toEqual([
      asRead(SAMPLE_LINES[0]!, 3, 'THANDIWE NKOSI'),
      asRead(SAMPLE_LINES[1]!, 4, 'ZOE MULLER-LEGER'),
      asRead(SAMPLE_LINES[2]!, 5, 'SIPHO DLAMINI'),
      asRead(SAMPLE_LINES[3]!, 6, "O'BRIEN, PIETER"),
    ]);
    expect(read.contras).toEqual([{ line: 7, sequenceNumber: 5, actionDate: '2026-12-01', amountCents: 99850 }]);
    expect(read.trailer).toEqual({
      debitCount: 4,
      creditCount: 1,
      contraCount: 1,
      totalDebitCents: 99850,
      totalCreditCents: 99850,
      hashTotal: '131274691362',
    });
  });

  it('round-trips two action dates (a contra each) and an account longer than 11 digits', () => {
    const lines: DebitLine[] = [
      { ...SAMPLE_LINES[0]!, actionDate: '2026-12-02' },
      { ...SAMPLE_LINES[2]!, accountNumber: '1234567890123456', accountHolder: 'SIPHO DLAMINI' },
    ];
    const text = writeAcb(SAMPLE_HEADER, lines);
    const read = readAcb(text);
    expect(read.lines.map((l) => [l.line, l.actionDate, l.accountNumber])).toEqual([
      [3, '2026-12-01', '1234567890123456'],
      [5, '2026-12-02', '62001234567'],
    ]);
    expect(read.contras.map((c) => [c.line, c.amountCents])).toEqual([
      [4, 29900],
      [6, 15000],
    ]);
    expect(read.trailer.hashTotal).toBe(acbHashTotal(['67890123456', '62000000017', '62001234567', '62000000017']));
  });

  it('refuses a corrupted hash total, naming the user trailer line', () => {
    expect(refusal(patch(8, 73, '131274691363'))).toEqual({
      line: 8,
      message: 'Line 8: The user trailer says a hash total of 131274691363, but the homing account numbers give 131274691362.',
    });
  });

  it('refuses a changed homing account (the hash total no longer matches)', () => {
    expect(refusal(patch(4, 36, '04051234568')).line).toBe(8);
  });

  it('refuses a record of the wrong length, one out of order, a skipped sequence number and an unbalanced contra', () => {
    expect(refusal(sample.replace(records[4]!, records[4]!.slice(0, 179)))).toEqual({
      line: 5,
      message: 'Line 5: The record is 179 characters long; ACB records are 180.',
    });
    expect(refusal([records[1], records[0], ...records.slice(2)].join('\r\n')).line).toBe(1);
    expect(refusal(patch(5, 24, '000009'))).toEqual({ line: 5, message: 'Line 5: The sequence number is 000009; 3 was expected.' });
    expect(refusal(patch(7, 48, '00000099851')).line).toBe(7);
    expect(refusal(patch(9, 63, '000010')).line).toBe(9);
    expect(refusal(records.slice(0, 8).join('\r\n')).message).toBe('Line 9: The file ends where the installation trailer (94) should be.');
    expect(refusal(patch(3, 48, '0000001500X'))).toEqual({ line: 3, message: 'Line 3: The amount field of this record must be digits.' });
  });
});

describe('writeAcb checks', () => {
  it('cuts a long name to the 30-character field and refuses a policy number the user reference cannot hold', () => {
    const long = writeAcb(SAMPLE_HEADER, [{ ...SAMPLE_LINES[0]!, accountHolder: 'Nomvula Ntombizodwa Mkhabela-Dlamini' }]);
    expect(long.split('\r\n')[2]!.slice(100, 130)).toBe('NOMVULA NTOMBIZODWA MKHABELA-D');
    expect(() => writeAcb(SAMPLE_HEADER, [{ ...SAMPLE_LINES[0]!, userReference: 'POL-2026-000000000001' }])).toThrow(ValidationError);
  });

  it('refuses collections settings the bank would refuse', () => {
    const account = SAMPLE_HEADER.account;
    expect(() => writeAcb({ ...SAMPLE_HEADER, account: { ...account, userCode: 'UB7' } }, SAMPLE_LINES)).toThrow(
      'Collections settings: The ACB user code "UB7" is not 4 letters or digits.',
    );
    expect(() => writeAcb({ ...SAMPLE_HEADER, account: { ...account, abbreviatedName: 'UBUNTU FUNERAL' } }, SAMPLE_LINES)).toThrow(
      'longer than 10 characters',
    );
  });

  it('wraps the 4-digit generation number after 9999', () => {
    expect(writeAcb({ ...SAMPLE_HEADER, generationNumber: 10_000 }, SAMPLE_LINES).slice(34, 38)).toBe('0001');
  });
});
