/**
 * The South African unpaid reason codes a bank's result (unpaids) file carries, and what each does to
 * the policy's mandate. The meanings follow the BankservAfrica magtape user manual's list as reproduced
 * in docs/collections-files.md (02–56); 60 is the payment providers' code for a debit refused because
 * the mandate was blocked after consecutive unpaids.
 */
export const UNPAID_CODE_LIST = [
  '02',
  '03',
  '04',
  '06',
  '08',
  '10',
  '12',
  '14',
  '16',
  '18',
  '22',
  '26',
  '28',
  '30',
  '32',
  '34',
  '36',
  '56',
  '60',
] as const;
export type UnpaidCode = (typeof UNPAID_CODE_LIST)[number];

/**
 * - `suspend_mandate`: the account cannot be debited again as it stands (closed, no such account,
 *   blocked), so debiting it next month would only earn another unpaid and a fee.
 * - `deceased`: the claims desk must look at the policy (issue #21: a work item).
 * - `dispute`: the account holder says the debit was not authorised; the industry counts these apart
 *   (a dispute rate over 0.5 % puts the user code at risk with the bank).
 * - `null`: the premium stays due and may be collected again (not provided for, effects not cleared, …).
 */
export type UnpaidEffect = 'suspend_mandate' | 'deceased' | 'dispute' | null;

export const UNPAID_CODES: Record<UnpaidCode, { meaning: string; effect: UnpaidEffect }> = {
  '02': { meaning: 'Not provided for (insufficient funds)', effect: null },
  '03': { meaning: 'Debits not allowed to this account', effect: null },
  '04': { meaning: 'Payment stopped by the account holder', effect: null },
  '06': { meaning: 'Account frozen', effect: null },
  '08': { meaning: 'Account in sequestration', effect: null },
  '10': { meaning: 'Account in liquidation', effect: null },
  '12': { meaning: 'Account closed', effect: 'suspend_mandate' },
  '14': { meaning: 'Account transferred (redirected entry)', effect: null },
  '16': { meaning: 'Account transferred to another bank', effect: null },
  '18': { meaning: 'Account holder deceased', effect: 'deceased' },
  '22': { meaning: 'Account effects not cleared', effect: null },
  '26': { meaning: 'No such account', effect: 'suspend_mandate' },
  '28': { meaning: 'Recall or withdrawal', effect: null },
  '30': { meaning: 'No authority to debit', effect: 'dispute' },
  '32': { meaning: "Debit in contravention of the payer's authority", effect: 'dispute' },
  '34': { meaning: 'Authorisation cancelled', effect: 'dispute' },
  '36': { meaning: 'Previously stopped via stop payment advice', effect: 'dispute' },
  '56': { meaning: 'Not FICA compliant', effect: null },
  '60': { meaning: 'Mandate blocked after consecutive unpaids', effect: 'suspend_mandate' },
};

export function isUnpaidCode(value: string): value is UnpaidCode {
  return Object.hasOwn(UNPAID_CODES, value);
}
