import { describe, expect, it } from 'vitest';
import { defused, parseStatementOfx } from './statement-ofx.ts';
import { refusal, sample } from './statement-testing.ts';

describe('parseStatementOfx', () => {
  it('reads an OFX 1.x (SGML) statement with the line each transaction starts on', () => {
    expect(parseStatementOfx(sample('statement.ofx'))).toEqual([
      { line: 33, date: '2026-11-02', description: 'MAGTAPE CREDIT POL-2026-000123', reference: '', amountCents: 15_000 },
      { line: 41, date: '2026-11-03', description: '#MONTHLY ACCOUNT FEE', reference: '', amountCents: -3_550 },
      { line: 48, date: '2026-11-05', description: 'FNB OB PMT S DLAMINI', reference: 'POL 2026 000456', amountCents: 120_000 },
    ]);
  });

  it('reads OFX 2.x (XML) too', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?OFX OFXHEADER="200" VERSION="220"?>',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261106</DTPOSTED><TRNAMT>299.00</TRNAMT><FITID>9</FITID><NAME>NKOSI</NAME></STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    expect(parseStatementOfx(xml)).toEqual([{ line: 4, date: '2026-11-06', description: 'NKOSI', reference: '', amountCents: 29_900 }]);
  });

  it('refuses a transaction whose amount is unreadable, naming its line', () => {
    const text = new TextDecoder().decode(sample('statement.ofx')).replace('<TRNAMT>1200.00', '<TRNAMT>12OO.00');
    expect(refusal(() => parseStatementOfx(text))).toEqual({
      line: 48,
      message: "Line 48: the transaction's TRNAMT '12OO.00' is not an amount",
    });
  });

  it('refuses a file that is not OFX, and one whose elements do not close', () => {
    expect(refusal(() => parseStatementOfx('Date,Amount\n2026/11/02,150.00'))).toEqual({
      line: null,
      message: 'The file is not an OFX statement (no <OFX> element)',
    });
    expect(refusal(() => parseStatementOfx('<OFX><BANKMSGSRSV1><STMTTRNRS></OFX>')).message).toMatch(/^The OFX file is not readable/);
  });

  it('defuses the inputs its parser backtracks on: tag names lower-cased, white space cut to one', () => {
    expect(defused('OFXHEADER:100\n\n<OFX>\n<STMTTRN>  <NAME>Mr  A</STMTTRN><INTU.BID>1</OFX>')).toBe(
      'OFXHEADER:100\n\n<OFX> <stmttrn> <name>Mr A</stmttrn><intu.bid>1</OFX>',
    );
    // 2^28 steps and a quadratic 200,000 before the defusing: now refused at once.
    expect(refusal(() => parseStatementOfx(`<OFX><A>x<${'A'.repeat(28)}!${' '.repeat(200_000)}y`)).line).toBeNull();
  });
});
