import { Stringifier } from '@evologi/fixed-width';
import { ValidationError } from '../../errors.ts';
import { isIsoDate } from '../../validation/dates.ts';
import {
  ACB_ACCOUNT_TYPE_CODES,
  ACB_RECORD_LENGTH,
  type AcbField,
  acbHashTotal,
  CONTRA,
  INSTALLATION_HEADER,
  INSTALLATION_TRAILER,
  STANDARD_TRANSACTION,
  toYymmdd,
  USER_HEADER,
  USER_TRAILER,
} from './acb-records.ts';
import { acbText, checkDebitLines } from './debit-lines.ts';
import type { CollectingAccount, DebitFileHeader, DebitLine } from './debit-file.types.ts';

export { readAcb, type AcbContra, type AcbDebitLine, type AcbFile, type AcbTrailer } from './acb-read.ts';

/**
 * Entry class 31, "insurance premium", for every debit. A choice: we could not confirm the entry class
 * table from a published source (docs/collections-files.md); a bank that wants another passes it.
 */
export const ACB_ENTRY_CLASS_INSURANCE_PREMIUM = '31';
/** The contra record's entry class. */
export const ACB_CONTRA_ENTRY_CLASS = '10';
/** Debit orders go on the two-day service (submitted two business days before the action date). */
export const ACB_DEBIT_SERVICE = 'TWO DAY';
/** BankservAfrica's installation id: the "installation to" of every file sent to it. */
export const ACB_BANKSERV_INSTALLATION = '0021';
/** The homing institution field of a standard transaction: 21, a bank. */
const HOMING_INSTITUTION = '21';
/** 1,800-character blocks of ten records, a leftover of magnetic tape that the trailer still counts. */
const BLOCK_LENGTH = 1800;

export type AcbOptions = { entryClass?: string; typeOfService?: string };

/** The 4-digit generation number field: a running number past 9999 starts again at 1. */
export const acbGenerationNumber = (n: number) => ((n - 1) % 9999) + 1;

function checkHeader(h: DebitFileHeader): void {
  const a = h.account;
  const problem =
    (!/^[A-Za-z0-9]{4}$/.test(a.userCode) && `The ACB user code "${a.userCode}" is not 4 letters or digits.`) ||
    (!/^\d{4}$/.test(a.installationId) && `The installation id "${a.installationId}" is not 4 digits.`) ||
    (!/^\d{6}$/.test(a.branchCode) && `The collecting account's branch code "${a.branchCode}" is not 6 digits.`) ||
    (!/^\d{1,11}$/.test(a.accountNumber) && `The collecting account number "${a.accountNumber}" is not 1 to 11 digits.`) ||
    (acbText(a.abbreviatedName, 99).length === 0 && 'The abbreviated name is empty.') ||
    (acbText(a.abbreviatedName, 99).length > 10 && `The abbreviated name "${a.abbreviatedName}" is longer than 10 characters.`) ||
    (!Number.isSafeInteger(h.generationNumber) || h.generationNumber < 1
      ? `The generation number "${h.generationNumber}" is not a whole number from 1.`
      : false) ||
    (!isIsoDate(h.createdOn) && `The creation date "${h.createdOn}" is not a date.`) ||
    (!isIsoDate(h.debitDate) && `The debit date "${h.debitDate}" is not a date.`);
  if (problem) throw new ValidationError(`Collections settings: ${problem}`, [{ path: ['account'], message: problem }]);
}

/** An ACB user reference: the abbreviated name the debtor's statement shows, then the policy number. */
function userReference(account: CollectingAccount, line: DebitLine, index: number): string {
  const reference = acbText(line.userReference, 99);
  if (reference.length > 20) {
    const problem = `The policy number "${line.userReference}" is longer than the 20 characters the ACB user reference leaves it.`;
    throw new ValidationError(`Debit ${index + 1}: ${problem}`, [{ path: ['lines', index], message: problem }]);
  }
  return acbText(account.abbreviatedName, 10).padEnd(10) + reference;
}

/**
 * The batch as an ACB file: installation header, user header, the debits of each action date followed
 * by that date's contra record (the total paid into the company's account), user trailer, installation
 * trailer; 180-character records ending in CRLF.
 */
export function writeAcb(header: DebitFileHeader, lines: readonly DebitLine[], options: AcbOptions = {}): string {
  checkDebitLines(lines);
  checkHeader(header);
  const account = header.account;
  const entryClass = options.entryClass ?? ACB_ENTRY_CLASS_INSURANCE_PREMIUM;
  const stringifier = (fields: AcbField[]) => new Stringifier({ fields, eol: '\r\n' });
  const write = {
    installationHeader: stringifier(INSTALLATION_HEADER),
    userHeader: stringifier(USER_HEADER),
    transaction: stringifier(STANDARD_TRANSACTION),
    contra: stringifier(CONTRA),
    userTrailer: stringifier(USER_TRAILER),
    installationTrailer: stringifier(INSTALLATION_TRAILER),
  };

  // One contra per action date (the format balances each date on its own); the sort is stable.
  const byDate = lines
    .map((line, index) => ({ line, index }))
    .sort((x, y) => (x.line.actionDate < y.line.actionDate ? -1 : x.line.actionDate > y.line.actionDate ? 1 : 0));
  const dates = byDate.map((d) => d.line.actionDate);
  const firstActionDate = toYymmdd(dates[0] ?? header.debitDate);
  const lastActionDate = toYymmdd(dates.at(-1) ?? header.debitDate);
  const creationDate = toYymmdd(header.createdOn);
  const generationNumber = acbGenerationNumber(header.generationNumber);
  const userCode = account.userCode.toUpperCase();
  const own = {
    userBranch: account.branchCode,
    userAccount: account.accountNumber,
    userCode,
  };
  const installation = {
    volumeNumber: 1,
    tapeSerialNumber: '',
    installationFrom: account.installationId,
    installationTo: ACB_BANKSERV_INSTALLATION,
    creationDate,
    // Choice: the bank may drop the file's data after the last action date.
    purgeDate: lastActionDate,
    generationNumber,
    blockLength: BLOCK_LENGTH,
    recordLength: ACB_RECORD_LENGTH,
    service: 'MAGTAPE',
  };

  const records: string[] = [write.installationHeader.write({ recordId: '02', ...installation })];
  records.push(
    write.userHeader.write({
      recordId: '04',
      userCode,
      creationDate,
      purgeDate: lastActionDate,
      firstActionDate,
      lastActionDate,
      firstSequenceNumber: 1,
      generationNumber,
      typeOfService: options.typeOfService ?? ACB_DEBIT_SERVICE,
    }),
  );
  let sequence = 0;
  let contraCount = 0;
  let totalCents = 0;
  const homingAccounts: string[] = [];
  for (let i = 0; i < byDate.length; ) {
    const date = byDate[i]!.line.actionDate;
    let dateTotal = 0;
    for (; i < byDate.length && byDate[i]!.line.actionDate === date; i++) {
      const { line, index } = byDate[i]!;
      const long = line.accountNumber.length > 11;
      homingAccounts.push(line.accountNumber);
      dateTotal += line.amountCents;
      records.push(
        write.transaction.write({
          recordId: '10',
          ...own,
          sequenceNumber: ++sequence,
          homingBranch: line.branchCode,
          homingAccount: long ? 0 : line.accountNumber,
          accountType: ACB_ACCOUNT_TYPE_CODES[line.accountType],
          amount: line.amountCents,
          actionDate: toYymmdd(date),
          entryClass,
          taxCode: 0,
          filler1: 0,
          userReference: userReference(account, line, index),
          homingAccountName: acbText(line.accountHolder, 30),
          nonStandardAccount: long ? line.accountNumber : 0,
          homingInstitution: HOMING_INSTITUTION,
        }),
      );
    }
    homingAccounts.push(account.accountNumber);
    contraCount++;
    totalCents += dateTotal;
    records.push(
      write.contra.write({
        recordId: '12',
        ...own,
        sequenceNumber: ++sequence,
        homingBranch: account.branchCode,
        homingAccount: account.accountNumber,
        accountType: ACB_ACCOUNT_TYPE_CODES[account.accountType],
        amount: dateTotal,
        actionDate: toYymmdd(date),
        entryClass: ACB_CONTRA_ENTRY_CLASS,
        filler1: 0,
        userReference: `${acbText(account.abbreviatedName, 10).padEnd(10)}CONTRA`,
        homingAccountName: acbText(account.companyName, 30),
      }),
    );
  }
  records.push(
    write.userTrailer.write({
      recordId: '92',
      userCode,
      firstSequenceNumber: 1,
      lastSequenceNumber: sequence,
      firstActionDate,
      lastActionDate,
      debitCount: lines.length,
      // In a debit file the contras are the credits.
      creditCount: contraCount,
      contraCount,
      totalDebitCents: totalCents,
      totalCreditCents: totalCents,
      hashTotal: acbHashTotal(homingAccounts),
    }),
  );
  const recordCount = records.length + 1;
  records.push(
    write.installationTrailer.write({
      recordId: '94',
      ...installation,
      blockCount: Math.ceil((recordCount * ACB_RECORD_LENGTH) / BLOCK_LENGTH),
      recordCount,
      userHeaderTrailerCount: 2,
    }),
  );
  return records.join('');
}
