import { z } from 'zod';
import { requiredText } from './fields.ts';
import { POLICY_CALENDAR_FIELDS } from './members.ts';

/**
 * A debit-order mandate on a policy (issue #21): the account the premium is debited from. The account
 * holder and number are personal data of the main member (sealed with their key, erased with them).
 */
export const ACCOUNT_TYPES = ['cheque', 'savings', 'transmission'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** DebiCheck: a mandate the debtor authenticated with their bank; pending until they do, cancelled when ended. */
export const MANDATE_STATUSES = ['pending', 'authenticated', 'cancelled'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/**
 * South Africa's retail banks with their universal branch codes and the lengths of their account
 * numbers as the banks publish them; 'other' takes any 6-digit branch and 7 to 16 digits. A branch
 * code that is not the universal one is allowed (older accounts keep their branch's code).
 */
export const BANKS = {
  absa: { name: 'Absa Bank', universalBranch: '632005', accountLength: [9, 11] },
  african_bank: { name: 'African Bank', universalBranch: '430000', accountLength: [11, 11] },
  bidvest: { name: 'Bidvest Bank', universalBranch: '462005', accountLength: [10, 11] },
  capitec: { name: 'Capitec Bank', universalBranch: '470010', accountLength: [10, 10] },
  discovery: { name: 'Discovery Bank', universalBranch: '679000', accountLength: [10, 11] },
  fnb: { name: 'First National Bank', universalBranch: '250655', accountLength: [11, 11] },
  investec: { name: 'Investec', universalBranch: '580105', accountLength: [10, 11] },
  nedbank: { name: 'Nedbank', universalBranch: '198765', accountLength: [10, 11] },
  standard_bank: { name: 'Standard Bank', universalBranch: '051001', accountLength: [9, 11] },
  tymebank: { name: 'TymeBank', universalBranch: '678910', accountLength: [11, 11] },
  other: { name: 'Other bank', universalBranch: null, accountLength: [7, 16] },
} as const satisfies Record<string, { name: string; universalBranch: string | null; accountLength: readonly [number, number] }>;
export type BankId = keyof typeof BANKS;
export const BANK_IDS = Object.keys(BANKS) as [BankId, ...BankId[]];

export const MANDATE_MESSAGES = {
  accountHolder: 'Account holder is required',
  bank: 'Choose the bank',
  branchCode: 'Branch code must be 6 digits',
  accountNumberDigits: 'Account number must be digits only',
  accountType: 'Account type must be cheque, savings or transmission',
  debitDay: 'Debit day must be a whole number from 1 to 31',
  reference: 'Mandate reference must be 1 to 20 letters, digits or dashes',
  status: 'Mandate status must be pending, authenticated or cancelled',
  referenceTaken: 'Another policy of this company already has this mandate reference',
} as const;

export function accountLengthMessage(bank: BankId): string {
  const { name, accountLength } = BANKS[bank];
  const [min, max] = accountLength;
  return min === max ? `A ${name} account number has ${min} digits` : `A ${name} account number has ${min} to ${max} digits`;
}

/** Mandate references are compared without case: 'mnd-1' and 'MND-1' are one reference. */
export const mandateReferenceKey = (reference: string) => reference.trim().toUpperCase();

/** Spaces and dashes people type inside an account number are not part of it. */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

/** PUT /api/policies/{id}/mandate (GraphQL setDebitMandate): the whole mandate, as the form shows it. */
export const mandateSchema = z
  .object({
    accountHolder: requiredText(MANDATE_MESSAGES.accountHolder).max(100, 'Account holder must be at most 100 characters'),
    bank: z.enum(BANK_IDS, { error: MANDATE_MESSAGES.bank }),
    branchCode: z.preprocess(digitsOnly, z.string({ error: MANDATE_MESSAGES.branchCode }).regex(/^\d{6}$/, MANDATE_MESSAGES.branchCode)),
    accountNumber: z.preprocess(
      digitsOnly,
      z.string({ error: MANDATE_MESSAGES.accountNumberDigits }).regex(/^\d+$/, MANDATE_MESSAGES.accountNumberDigits),
    ),
    accountType: z.enum(ACCOUNT_TYPES, { error: MANDATE_MESSAGES.accountType }),
    debitDay: z
      .number({ error: MANDATE_MESSAGES.debitDay })
      .int(MANDATE_MESSAGES.debitDay)
      .min(POLICY_CALENDAR_FIELDS.minDebitDay, MANDATE_MESSAGES.debitDay)
      .max(POLICY_CALENDAR_FIELDS.maxDebitDay, MANDATE_MESSAGES.debitDay)
      .meta({
        graphqlType: 'Int',
        description: 'The day of the month the bank runs the debit: 1 to 31 (past a month’s end, its last day).',
      }),
    mandateReference: z
      .string({ error: MANDATE_MESSAGES.reference })
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/, MANDATE_MESSAGES.reference)
      .transform(mandateReferenceKey),
    debiCheck: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    status: z
      .enum(MANDATE_STATUSES, { error: MANDATE_MESSAGES.status })
      .nullish()
      .transform((v) => v ?? 'pending'),
  })
  .superRefine((m, ctx) => {
    const [min, max] = BANKS[m.bank].accountLength;
    if (/^\d+$/.test(m.accountNumber) && (m.accountNumber.length < min || m.accountNumber.length > max)) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: accountLengthMessage(m.bank) });
    }
  });
export type MandateInput = z.output<typeof mandateSchema>;
export type MandateFormValues = z.input<typeof mandateSchema>;

/**
 * Whether a debit may be sent on the mandate: not cancelled, not suspended by the bank's answer, and a
 * DebiCheck mandate only once the debtor authenticated it.
 */
export function isCollectable(m: { status: MandateStatus; debiCheck: boolean; suspended: boolean }): boolean {
  if (m.status === 'cancelled' || m.suspended) return false;
  return !m.debiCheck || m.status === 'authenticated';
}
