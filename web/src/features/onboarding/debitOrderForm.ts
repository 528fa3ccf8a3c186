import { ACCOUNT_TYPES, BANK_IDS, BANKS, mandateSchema, type BankId, type MandateInput } from '@fpa/write-model/validation';
import type { ParseSchema } from '../../app/forms';

/**
 * The wizard's optional Debit order section (issue #21): the same mandate PUT /api/policies/{id}/mandate
 * takes, checked by the same schema (mandateSchema); the inputs hold text, turned into its shape here.
 */
export type DebitOrderValues = {
  accountHolder: string;
  bank: string;
  branchCode: string;
  accountNumber: string;
  accountType: string;
  mandateReference: string;
  debitDay: string;
  debiCheck: string;
};

export const EMPTY_DEBIT_ORDER: DebitOrderValues = {
  accountHolder: '',
  bank: '',
  branchCode: '',
  accountNumber: '',
  accountType: '',
  mandateReference: '',
  debitDay: '',
  debiCheck: 'false',
};

export const BANK_OPTIONS = BANK_IDS.map((id) => ({ id, label: BANKS[id].name }));

export const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

/** The section's text as the mandate's input: the debit day a number when it is one (else the schema refuses it). */
export function debitOrderInput(values: DebitOrderValues): Record<string, unknown> {
  const day = values.debitDay.trim();
  return {
    accountHolder: values.accountHolder,
    bank: values.bank || undefined,
    branchCode: values.branchCode,
    accountNumber: values.accountNumber,
    accountType: values.accountType || undefined,
    mandateReference: values.mandateReference,
    debitDay: /^\d{1,2}$/.test(day) ? Number(day) : day || undefined,
    debiCheck: values.debiCheck === 'true',
  };
}

export const debitOrderSchema: ParseSchema<MandateInput> = {
  safeParse: (values) => mandateSchema.safeParse(debitOrderInput(values as DebitOrderValues)),
};

/** Choosing a bank fills its universal branch code, unless the agent typed another branch. */
export function branchAfterBankChange(values: Pick<DebitOrderValues, 'bank' | 'branchCode'>, bank: string): string {
  const universal = (id: string) => (id in BANKS ? (BANKS[id as BankId].universalBranch ?? '') : '');
  const typedOwn = values.branchCode !== '' && values.branchCode !== universal(values.bank);
  return typedOwn ? values.branchCode : universal(bank);
}

/** Server issues under debitMandate.* belong to the section, by their field name. */
export function debitOrderIssues(issues: Record<string, string>): { section: Record<string, string>; rest: Record<string, string> } {
  const section: Record<string, string> = {};
  const rest: Record<string, string> = {};
  for (const [key, message] of Object.entries(issues)) {
    if (key.startsWith('debitMandate.')) section[key.slice('debitMandate.'.length)] = message;
    else rest[key] = message;
  }
  return { section, rest };
}
