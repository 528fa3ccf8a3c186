import type { Field } from '@evologi/fixed-width';

/**
 * The record layouts of the ACB "user standard" file (BankservAfrica's magtape format as the banks'
 * bulk debit services take it): every record 180 characters. Field names follow the format's own;
 * docs/collections-files.md lists each with its positions, where the values come from, and which are
 * our choice. `n` fields are digits, right-aligned, zero-filled; `a` fields are text, left-aligned,
 * space-filled.
 */
export type AcbField = Field & { property: string; kind: 'n' | 'a' };

const n = (property: string, width: number): AcbField => ({ property, width, kind: 'n', align: 'right', pad: '0' });
const a = (property: string, width: number): AcbField => ({ property, width, kind: 'a', align: 'left', pad: ' ' });

export const ACB_RECORD_LENGTH = 180;

/** The fields the installation header (02) and trailer (94) share, positions 1–56. */
const installationFields = [
  n('recordId', 2),
  n('volumeNumber', 4),
  a('tapeSerialNumber', 8),
  n('installationFrom', 4),
  n('installationTo', 4),
  n('creationDate', 6),
  n('purgeDate', 6),
  n('generationNumber', 4),
  n('blockLength', 4),
  n('recordLength', 4),
  a('service', 10),
];

export const INSTALLATION_HEADER: AcbField[] = [...installationFields, a('filler', 124)];

export const USER_HEADER: AcbField[] = [
  n('recordId', 2),
  a('userCode', 4),
  n('creationDate', 6),
  n('purgeDate', 6),
  n('firstActionDate', 6),
  n('lastActionDate', 6),
  n('firstSequenceNumber', 6),
  n('generationNumber', 4),
  a('typeOfService', 10),
  a('acceptedReport', 1),
  a('accountTypeCorrect', 1),
  a('filler', 128),
];

/** Positions 1–70 of the standard transaction (10) and contra (12) records. */
const entryFields = [
  n('recordId', 2),
  n('userBranch', 6),
  n('userAccount', 11),
  a('userCode', 4),
  n('sequenceNumber', 6),
  n('homingBranch', 6),
  n('homingAccount', 11),
  n('accountType', 1),
  n('amount', 11),
  n('actionDate', 6),
  n('entryClass', 2),
];

export const STANDARD_TRANSACTION: AcbField[] = [
  ...entryFields,
  n('taxCode', 1),
  n('filler1', 3),
  a('userReference', 30),
  a('homingAccountName', 30),
  n('nonStandardAccount', 20),
  a('filler2', 16),
  n('homingInstitution', 2),
  a('filler3', 12),
];

export const CONTRA: AcbField[] = [...entryFields, n('filler1', 4), a('userReference', 30), a('homingAccountName', 30), a('filler2', 50)];

export const USER_TRAILER: AcbField[] = [
  n('recordId', 2),
  a('userCode', 4),
  n('firstSequenceNumber', 6),
  n('lastSequenceNumber', 6),
  n('firstActionDate', 6),
  n('lastActionDate', 6),
  n('debitCount', 6),
  n('creditCount', 6),
  n('contraCount', 6),
  n('totalDebitCents', 12),
  n('totalCreditCents', 12),
  n('hashTotal', 12),
  a('filler', 96),
];

export const INSTALLATION_TRAILER: AcbField[] = [
  ...installationFields,
  n('blockCount', 6),
  n('recordCount', 6),
  n('userHeaderTrailerCount', 6),
  a('filler', 106),
];

export const ACB_LAYOUTS = {
  '02': INSTALLATION_HEADER,
  '04': USER_HEADER,
  '10': STANDARD_TRANSACTION,
  '12': CONTRA,
  '92': USER_TRAILER,
  '94': INSTALLATION_TRAILER,
} as const;
export type AcbRecordId = keyof typeof ACB_LAYOUTS;

export const ACB_RECORD_NAMES: Record<AcbRecordId, string> = {
  '02': 'installation header',
  '04': 'user header',
  '10': 'standard transaction',
  '12': 'contra record',
  '92': 'user trailer',
  '94': 'installation trailer',
};

/** Type of account codes: 1 current (cheque), 2 savings, 3 transmission. */
export const ACB_ACCOUNT_TYPE_CODES = { cheque: '1', savings: '2', transmission: '3' } as const;

/**
 * The ACB hash total: the homing account numbers of every standard transaction and contra record added
 * up (for an account longer than 11 digits, the rightmost 11 of the non-standard account number), only
 * the rightmost 12 digits kept (the format drops the overflow). BigInt: 50,000 eleven-digit numbers
 * come near 2^53.
 */
export function acbHashTotal(homingAccounts: Iterable<string>): string {
  let sum = 0n;
  for (const account of homingAccounts) sum += BigInt(account.slice(-11));
  return (sum % 10n ** 12n).toString().padStart(12, '0');
}

/** YYYY-MM-DD as the ACB's YYMMDD, and back (every date the product handles is in 2000–2099). */
export const toYymmdd = (isoDate: string) => isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
export const fromYymmdd = (yymmdd: string) => `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
