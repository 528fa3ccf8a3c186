import {
  ACCOUNT_TYPES,
  BANK_IDS,
  BANKS,
  MANDATE_STATUSES,
  type AccountType,
  type BankId,
  type MandateStatus,
} from '@fpa/write-model/validation';
import type { BadgeTone } from '../../ui/Badge';

/** The banks as the write model names them, in its order ('Other bank' last). */
export const BANK_OPTIONS = BANK_IDS.map((id) => ({ id, label: BANKS[id].name }));

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = { cheque: 'Cheque', savings: 'Savings', transmission: 'Transmission' };
export const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((id) => ({ id, label: ACCOUNT_TYPE_LABELS[id] }));

export const MANDATE_STATUS_LABELS: Record<MandateStatus, string> = {
  pending: 'Pending',
  authenticated: 'Authenticated',
  cancelled: 'Cancelled',
};
export const MANDATE_STATUS_OPTIONS = MANDATE_STATUSES.map((id) => ({ id, label: MANDATE_STATUS_LABELS[id] }));
export const MANDATE_STATUS_TONES: Record<MandateStatus, BadgeTone> = {
  pending: 'warning',
  authenticated: 'success',
  cancelled: 'neutral',
};

export const bankName = (bank: BankId) => BANKS[bank].name;

/** The universal branch code to propose for a bank; null for 'other' (the clerk types the branch). */
export const universalBranch = (bank: string): string | null => (bank in BANKS ? BANKS[bank as BankId].universalBranch : null);

export const OUTCOME_LABELS = { pending: 'Pending', collected: 'Collected', unpaid: 'Unpaid' } as const;
export const OUTCOME_TONES: Record<keyof typeof OUTCOME_LABELS, BadgeTone> = { pending: 'neutral', collected: 'success', unpaid: 'danger' };

export const WORK_ITEM_LABELS: Record<string, string> = { deceased: 'Account holder deceased (unpaid 18)' };

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
