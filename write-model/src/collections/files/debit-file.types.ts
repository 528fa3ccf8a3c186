import type { AccountType } from '../../validation/mandates.ts';

export { ACCOUNT_TYPES, type AccountType } from '../../validation/mandates.ts';

/** One debit of a collection batch. */
export type DebitLine = {
  mandateReference: string;
  accountHolder: string;
  /** 6 digits. */
  branchCode: string;
  /** Digits only. */
  accountNumber: string;
  accountType: AccountType;
  /** A positive whole number of cents. */
  amountCents: number;
  /** YYYY-MM-DD. */
  actionDate: string;
  /** The policy number. */
  userReference: string;
};

/** What the company's bank gave it to collect with (set once per company in Collections settings). */
export type CollectingAccount = {
  companyName: string;
  /** 4 alphanumerics, the bank-assigned ACB user code. */
  userCode: string;
  /** At most 10 characters, shown on the debtor's statement. */
  abbreviatedName: string;
  /** 4 digits. */
  installationId: string;
  branchCode: string;
  accountNumber: string;
  accountType: AccountType;
};

export type DebitFileHeader = {
  batchId: string;
  debitDate: string;
  /** YYYY-MM-DD. */
  createdOn: string;
  account: CollectingAccount;
  /** ACB user generation number / transmission number: a running number per company, given by the caller. */
  generationNumber: number;
};
