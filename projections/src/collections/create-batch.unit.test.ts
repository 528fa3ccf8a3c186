import { describe, expect, it } from 'vitest';
import type { CollectableMandate } from './collections.queries.ts';
import { mandatesDebitingOn } from './create-batch.ts';

const mandate = (reference: string, overrides: Partial<CollectableMandate> = {}): CollectableMandate => ({
  policyId: reference,
  memberId: 'm',
  memberName: 'T Mthembu',
  accountHolder: 'T Mthembu',
  bank: 'fnb',
  branchCode: '250655',
  accountNumber: '62001234567',
  accountType: 'cheque',
  debitDay: 1,
  mandateReference: reference,
  debiCheck: false,
  status: 'pending',
  suspended: null,
  ...overrides,
});

describe('mandatesDebitingOn', () => {
  it('takes the day’s collectable mandates: not cancelled, not suspended, DebiCheck only once authenticated', () => {
    const all = [
      mandate('A'),
      mandate('B', { status: 'cancelled' }),
      mandate('C', { suspended: { unpaidCode: '12', reason: 'Account closed', on: '2026-02-01' } }),
      mandate('D', { debiCheck: true }),
      mandate('E', { debiCheck: true, status: 'authenticated' }),
      mandate('F', { debitDay: 2 }),
    ];
    expect(mandatesDebitingOn(all, '2026-03-01').map((m) => m.mandateReference)).toEqual(['A', 'E']);
  });

  it('on a month’s last day also takes the days the month lacks', () => {
    const all = [mandate('D30', { debitDay: 30 }), mandate('D31', { debitDay: 31 }), mandate('D29', { debitDay: 29 })];
    expect(mandatesDebitingOn(all, '2026-11-30').map((m) => m.mandateReference)).toEqual(['D30', 'D31']);
    expect(mandatesDebitingOn(all, '2026-12-30').map((m) => m.mandateReference)).toEqual(['D30']);
  });
});
