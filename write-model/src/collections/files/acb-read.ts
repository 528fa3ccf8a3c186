import { Parser } from '@evologi/fixed-width';
import { isIsoDate } from '../../validation/dates.ts';
import {
  ACB_ACCOUNT_TYPE_CODES,
  ACB_LAYOUTS,
  ACB_RECORD_LENGTH,
  ACB_RECORD_NAMES,
  type AcbField,
  type AcbRecordId,
  acbHashTotal,
  fromYymmdd,
} from './acb-records.ts';
import type { AccountType, DebitFileHeader, DebitLine } from './debit-file.types.ts';
import { CollectionFileError } from './file-error.ts';
import { decodeCollectionFile } from './file-text.ts';

/** A debit as an ACB file carries it: no mandate reference (the format has no field for it). */
export type AcbDebitLine = Omit<DebitLine, 'mandateReference'> & { line: number; sequenceNumber: number; entryClass: string };
export type AcbContra = { line: number; sequenceNumber: number; actionDate: string; amountCents: number };
export type AcbTrailer = {
  debitCount: number;
  creditCount: number;
  contraCount: number;
  totalDebitCents: number;
  totalCreditCents: number;
  hashTotal: string;
};
export type AcbFile = {
  /** The batch id is not in the file; the company name comes from the contra records, as written. */
  header: Omit<DebitFileHeader, 'batchId'>;
  typeOfService: string;
  lines: AcbDebitLine[];
  contras: AcbContra[];
  trailer: AcbTrailer;
};

type Fields = Record<string, string>;

const ACCOUNT_TYPE_BY_CODE = Object.fromEntries(Object.entries(ACB_ACCOUNT_TYPE_CODES).map(([type, code]) => [code, type])) as Record<
  string,
  AccountType
>;

/** One parser per layout, fed a record at a time: the library cuts the fields, we check the digits. */
function recordReader(fields: AcbField[]) {
  const parser = new Parser<Fields>({ fields, eol: '\n', trim: false, allowLongerLines: false });
  return (record: string, line: number): Fields => {
    const [values] = [...parser.write(`${record}\n`)];
    for (const field of fields) {
      if (field.kind === 'n' && !/^\d+$/.test(values![field.property]!)) {
        throw new CollectionFileError(`The ${field.property} field of this record must be digits.`, line);
      }
    }
    return values!;
  };
}

const number = (value: string) => Number(value);
const date = (yymmdd: string, line: number) => {
  const iso = fromYymmdd(yymmdd);
  if (!isIsoDate(iso)) throw new CollectionFileError(`"${yymmdd}" is not a date (YYMMDD).`, line);
  return iso;
};

/**
 * Reads an ACB debit file back, refusing it whole at the first fault: a record not 180 characters, a
 * record out of order, a sequence number skipped, a contra that does not balance its debits, or a
 * trailer whose counts, totals or hash total differ from the records (each names its line).
 */
export function readAcb(text: string): AcbFile {
  const records = decodeCollectionFile(text).split(/\r?\n/);
  if (records.at(-1) === '') records.pop();
  const read = Object.fromEntries(Object.entries(ACB_LAYOUTS).map(([id, fields]) => [id, recordReader(fields)])) as Record<
    AcbRecordId,
    ReturnType<typeof recordReader>
  >;
  let index = 0;
  const next = (...expected: AcbRecordId[]): { id: AcbRecordId; fields: Fields; line: number } => {
    const line = index + 1;
    const record = records[index++];
    const names = expected.map((id) => `${ACB_RECORD_NAMES[id]} (${id})`).join(' or ');
    if (record === undefined) throw new CollectionFileError(`The file ends where the ${names} should be.`, line);
    if (record.length !== ACB_RECORD_LENGTH) {
      throw new CollectionFileError(`The record is ${record.length} characters long; ACB records are ${ACB_RECORD_LENGTH}.`, line);
    }
    const id = record.slice(0, 2) as AcbRecordId;
    if (!expected.includes(id)) throw new CollectionFileError(`Expected the ${names}, found a record "${record.slice(0, 2)}".`, line);
    return { id, fields: read[id](record, line), line };
  };

  const installation = next('02').fields;
  const user = next('04').fields;
  const userCode = user.userCode!;
  const lines: AcbDebitLine[] = [];
  const contras: AcbContra[] = [];
  const homingAccounts: string[] = [];
  let account: DebitFileHeader['account'] | null = null;
  let sequence = number(user.firstSequenceNumber!) - 1;
  let dateTotal = 0;
  for (;;) {
    const { id, fields: f, line } = next('10', '12', '92');
    if (id === '92') {
      if (dateTotal !== 0) throw new CollectionFileError('The debits before the user trailer have no contra record.', line);
      const trailer: AcbTrailer = {
        debitCount: number(f.debitCount!),
        creditCount: number(f.creditCount!),
        contraCount: number(f.contraCount!),
        totalDebitCents: number(f.totalDebitCents!),
        totalCreditCents: number(f.totalCreditCents!),
        hashTotal: f.hashTotal!,
      };
      checkTrailer(trailer, lines, contras, acbHashTotal(homingAccounts), sequence, f, line);
      const end = next('94');
      checkInstallationTrailer(installation, end.fields, records.length, end.line);
      if (index < records.length) throw new CollectionFileError('There is more after the installation trailer.', index + 1);
      const generationNumber = number(installation.generationNumber!);
      const header = {
        debitDate: fromYymmdd(user.firstActionDate!),
        createdOn: date(installation.creationDate!, 1),
        account: account ?? emptyAccount(installation, userCode),
        generationNumber,
      };
      return { header, typeOfService: user.typeOfService!.trim(), lines, contras, trailer };
    }
    if (f.userCode !== userCode) throw new CollectionFileError(`The user code "${f.userCode}" differs from the user header's.`, line);
    if (number(f.sequenceNumber!) !== ++sequence) {
      throw new CollectionFileError(`The sequence number is ${f.sequenceNumber}; ${sequence} was expected.`, line);
    }
    const nonStandard = f.nonStandardAccount !== undefined && /[1-9]/.test(f.nonStandardAccount);
    const accountNumber = nonStandard ? f.nonStandardAccount!.replace(/^0+/, '') : f.homingAccount!.replace(/^0+(?=\d)/, '');
    homingAccounts.push(nonStandard ? f.nonStandardAccount! : f.homingAccount!);
    const accountType = ACCOUNT_TYPE_BY_CODE[f.accountType!];
    if (!accountType) throw new CollectionFileError(`Unknown type of account "${f.accountType}" (1, 2 or 3).`, line);
    const amountCents = number(f.amount!);
    const actionDate = date(f.actionDate!, line);
    if (id === '10') {
      if (amountCents === 0) throw new CollectionFileError('The amount is zero.', line);
      dateTotal += amountCents;
      lines.push({
        line,
        sequenceNumber: sequence,
        entryClass: f.entryClass!,
        accountHolder: f.homingAccountName!.trim(),
        branchCode: f.homingBranch!,
        accountNumber,
        accountType,
        amountCents,
        actionDate,
        userReference: f.userReference!.slice(10).trim(),
      });
      continue;
    }
    if (amountCents !== dateTotal) {
      throw new CollectionFileError(`The contra amount is ${amountCents} cents, but the debits before it total ${dateTotal} cents.`, line);
    }
    account = {
      companyName: f.homingAccountName!.trim(),
      userCode,
      abbreviatedName: f.userReference!.slice(0, 10).trim(),
      installationId: installation.installationFrom!,
      branchCode: f.homingBranch!,
      accountNumber,
      accountType,
    };
    contras.push({ line, sequenceNumber: sequence, actionDate, amountCents });
    dateTotal = 0;
  }
}

function checkTrailer(
  t: AcbTrailer,
  lines: AcbDebitLine[],
  contras: AcbContra[],
  hashTotal: string,
  lastSequence: number,
  f: Fields,
  line: number,
): void {
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const differences = [
    t.debitCount !== lines.length && `${t.debitCount} debit records, but the file has ${lines.length}`,
    t.contraCount !== contras.length && `${t.contraCount} contra records, but the file has ${contras.length}`,
    t.creditCount !== contras.length && `${t.creditCount} credit records, but the file has ${contras.length} contras`,
    t.totalDebitCents !== total && `debits of ${t.totalDebitCents} cents, but they add up to ${total}`,
    t.totalCreditCents !== total && `credits of ${t.totalCreditCents} cents, but the contras add up to ${total}`,
    t.hashTotal !== hashTotal && `a hash total of ${t.hashTotal}, but the homing account numbers give ${hashTotal}`,
    number(f.lastSequenceNumber!) !== lastSequence && `a last sequence number of ${f.lastSequenceNumber}, but it is ${lastSequence}`,
  ].filter(Boolean);
  if (differences.length > 0) throw new CollectionFileError(`The user trailer says ${differences.join('; ')}.`, line);
}

function checkInstallationTrailer(header: Fields, f: Fields, recordCount: number, line: number): void {
  const blocks = Math.ceil((recordCount * ACB_RECORD_LENGTH) / number(header.blockLength!));
  const differences = [
    f.installationFrom !== header.installationFrom && `installation ${f.installationFrom}, but the header says ${header.installationFrom}`,
    f.generationNumber !== header.generationNumber && `generation ${f.generationNumber}, but the header says ${header.generationNumber}`,
    number(f.recordCount!) !== recordCount && `${number(f.recordCount!)} records, but the file has ${recordCount}`,
    number(f.blockCount!) !== blocks && `${number(f.blockCount!)} blocks, but the records fill ${blocks}`,
    number(f.userHeaderTrailerCount!) !== 2 && `${number(f.userHeaderTrailerCount!)} user headers and trailers, but the file has 2`,
  ].filter(Boolean);
  if (differences.length > 0) throw new CollectionFileError(`The installation trailer says ${differences.join('; ')}.`, line);
}

/** A file with no debits has no contra to read the collecting account from. */
function emptyAccount(installation: Fields, userCode: string): DebitFileHeader['account'] {
  return {
    companyName: '',
    userCode,
    abbreviatedName: '',
    installationId: installation.installationFrom!,
    branchCode: '',
    accountNumber: '',
    accountType: 'cheque',
  };
}
