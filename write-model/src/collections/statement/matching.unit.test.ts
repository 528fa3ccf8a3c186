import { describe, expect, it } from 'vitest';
import { matchIndex, matchStatementLine, type MatchablePolicy } from './matching.ts';
import type { StatementLine } from './statement-csv.ts';

const policy = (n: number, over: Partial<MatchablePolicy> = {}): MatchablePolicy => ({
  policyId: `p${n}`,
  policyNumber: `POL-2026-${String(n).padStart(6, '0')}`,
  mandateReference: null,
  memberSurname: null,
  monthlyPremiumCents: 15_000,
  ...over,
});
const index = matchIndex([
  policy(123, { mandateReference: 'FPA0000123', memberSurname: 'Dlamini' }),
  policy(456, { memberSurname: 'Dlamini', monthlyPremiumCents: 29_900 }),
  policy(789, { memberSurname: 'Van der Merwe', monthlyPremiumCents: 10_000 }),
  policy(790, { memberSurname: "O'Brien", monthlyPremiumCents: 10_000 }),
  policy(1234, { memberSurname: 'Dlamini', monthlyPremiumCents: 29_900 }),
]);
const line = (reference: string, description = 'EFT CREDIT', amountCents = 15_000): StatementLine => ({
  line: 7,
  date: '2026-11-02',
  description,
  reference,
  amountCents,
});
const match = (l: StatementLine) => matchStatementLine(l, index);

describe('exact: the policy number as a whole token', () => {
  it.each(['POL-2026-000123', 'pol 2026 000123', 'POL2026-000123', 'premium POL 2026000123 jan', 'SMITH/POL-2026-000123'])(
    'in the reference %s',
    (reference) => expect(match(line(reference))).toEqual({ kind: 'exact', policyId: 'p123', by: 'policyNumber' }),
  );
  it('in the description when the reference has none', () => {
    expect(match(line('CASH', 'ADT DEPOSIT POL-2026-000456 DLAMINI'))).toEqual({ kind: 'exact', policyId: 'p456', by: 'policyNumber' });
  });
  it('not inside a longer token, nor joined across a slash', () => {
    expect(match(line('POL-2026-0001234X'))).toEqual({ kind: 'none' });
    expect(match(line('POL/2026/000123'))).toEqual({ kind: 'none' });
  });
  it('by mandate reference when no number is there', () => {
    expect(match(line('DEBICHECK fpa 0000123'))).toEqual({ kind: 'exact', policyId: 'p123', by: 'mandateReference' });
  });
  it('the number and its own mandate reference together are still one policy', () => {
    expect(match(line('POL-2026-000123', 'FPA0000123'))).toEqual({ kind: 'exact', policyId: 'p123', by: 'policyNumber' });
  });
});

describe('never exact', () => {
  it('two different policies found exactly: a suggestion listing both', () => {
    expect(match(line('POL-2026-000123 POL-2026-000456'))).toEqual({
      kind: 'suggestion',
      candidates: [
        { policyId: 'p123', reason: 'policy number POL-2026-000123 in the reference' },
        { policyId: 'p456', reason: 'policy number POL-2026-000456 in the reference' },
      ],
    });
    expect(match(line('POL-2026-000456', 'FPA0000123'))).toEqual({
      kind: 'suggestion',
      candidates: [
        { policyId: 'p456', reason: 'policy number POL-2026-000456 in the reference' },
        { policyId: 'p123', reason: 'mandate reference FPA0000123 in the description' },
      ],
    });
  });
  it('surname and premium: a suggestion only, fewest months first, then by number', () => {
    expect(match(line('', 'FNB OB PMT S DLAMINI', 29_900))).toEqual({
      kind: 'suggestion',
      candidates: [
        { policyId: 'p456', reason: 'surname Dlamini and R 299.00 = the monthly premium' },
        { policyId: 'p1234', reason: 'surname Dlamini and R 299.00 = the monthly premium' },
      ],
    });
    expect(match(line('dlamini', 'CASH', 45_000))).toEqual({
      kind: 'suggestion',
      candidates: [{ policyId: 'p123', reason: 'surname Dlamini and R 450.00 = 3 × the premium of R 150.00' }],
    });
  });
  it('surnames of several words or with an apostrophe, up to 12 months', () => {
    expect(match(line('J VAN DER MERWE', '', 120_000))).toEqual({
      kind: 'suggestion',
      candidates: [{ policyId: 'p789', reason: 'surname Van der Merwe and R 1200.00 = 12 × the premium of R 100.00' }],
    });
    expect(match(line('J VAN DER MERWE', '', 130_000))).toEqual({ kind: 'none' });
    expect(match(line("M O'BRIEN", '', 10_000))).toEqual({
      kind: 'suggestion',
      candidates: [{ policyId: 'p790', reason: "surname O'Brien and R 100.00 = the monthly premium" }],
    });
  });
  it('surname without the premium, or the premium without the surname: none', () => {
    expect(match(line('DLAMINI', '', 15_001))).toEqual({ kind: 'none' });
    expect(match(line('MOKOENA', '', 15_000))).toEqual({ kind: 'none' });
  });
  it('at most five candidates', () => {
    const many = matchIndex(Array.from({ length: 8 }, (_, i) => policy(i + 1, { memberSurname: 'Nkosi' })));
    const result = matchStatementLine(line('NKOSI'), many);
    expect(result.kind === 'suggestion' && result.candidates.map((c) => c.policyId)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });
});

describe('none', () => {
  it('a debit, even with our policy number', () => {
    expect(match(line('POL-2026-000123', 'REVERSAL', -15_000))).toEqual({ kind: 'none' });
    expect(match(line('POL-2026-000123', '', 0))).toEqual({ kind: 'none' });
  });
  it('a reference that is not ours', () => {
    expect(match(line('POL-2025-000123', 'SALARY ACME'))).toEqual({ kind: 'none' });
  });
});
