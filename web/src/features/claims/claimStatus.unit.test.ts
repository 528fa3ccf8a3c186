import { describe, expect, it } from 'vitest';
import { formatDate } from '../../app/format';
import { claimFlagNotices, deathTypeLabel, waitingPeriodLine } from './claimStatus';
import type { ClaimFlags } from './claims.operations';

const flags = (overrides: Partial<ClaimFlags>): ClaimFlags => ({
  withinWaitingPeriod: false,
  waitingPeriodEndsOn: '2026-07-15',
  deathType: 'natural',
  waitingRule: 'natural',
  lifeJoinedOn: '2026-01-15',
  priorCoverMonths: 0,
  exceedsCover: false,
  coverageAmount: '20000.00',
  deceasedOnPolicy: true,
  ...overrides,
});

describe("the claim's waiting period, explained (issue #22)", () => {
  it("names the life's own wait for the manner of death, from the day it joined", () => {
    expect(waitingPeriodLine(flags({}))).toBe(
      `Waiting period for this life (natural death) ends on ${formatDate('2026-07-15')} (the life joined on ${formatDate('2026-01-15')}).`,
    );
    expect(waitingPeriodLine(flags({ waitingRule: 'suicide', deathType: 'suicide', priorCoverMonths: 4 }))).toContain(
      'Waiting period for this life (suicide) ends on',
    );
    expect(waitingPeriodLine(flags({ priorCoverMonths: 4 }))).toContain('4 months of prior cover counted');
    expect(waitingPeriodLine(flags({ waitingRule: 'accidental_none', deathType: 'accidental' }))).toBe(
      'No waiting period for an accidental death: covered from the day the life joined.',
    );
    expect(deathTypeLabel(flags({ deathType: 'accidental' }))).toBe('Accidental');
    expect(waitingPeriodLine(flags({ deceasedOnPolicy: false }))).toContain(`(from the policy start, ${formatDate('2026-01-15')})`);
  });

  it('keeps the old words for a claim submitted before it', () => {
    const old = flags({ deathType: null, waitingRule: null, lifeJoinedOn: null, priorCoverMonths: null, withinWaitingPeriod: true });
    expect(waitingPeriodLine(old)).toBe(`Waiting period for this policy ends on ${formatDate('2026-07-15')}.`);
    expect(deathTypeLabel(old)).toBe('Not recorded');
    expect(claimFlagNotices(old, '100')[0]?.explanation).toContain("the policy's waiting period");
    expect(claimFlagNotices(flags({ withinWaitingPeriod: true }), '100')[0]?.explanation).toContain(
      "this life's waiting period for a natural death",
    );
  });
});
