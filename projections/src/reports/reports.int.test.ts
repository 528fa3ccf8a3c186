import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openClaimsBed } from '../claims/claims.fixtures.ts';
import { claimCounts } from '../claims/claims.queries.ts';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { runReport } from './report.ts';
import { reportsProjection } from './reports.projection.ts';
import { claimFiguresByStatus, claimsPerMonth } from './reports.queries.ts';

const JUNE = new Date('2025-06-15T10:00:00Z');

describe.each(testDrivers())('the reports projector on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openClaimsBed(driver, cleanups, [reportsProjection]);

  async function seeded() {
    const bed = await setup();
    const [a, b] = [await bed.company('Ubuntu Funerals'), await bed.company('Thuthuka Burial Society')];
    const clerk = await a.user('Zanele', 'Mthembu');
    const april = await a.submitClaim(clerk, { submittedDate: '2025-04-30', claimAmount: '10000' });
    const may1 = await a.submitClaim(clerk, { submittedDate: '2025-05-01', claimAmount: '15000.50' });
    const may2 = await a.submitClaim(clerk, { submittedDate: '2025-05-31', claimAmount: '7000' });
    const june = await a.submitClaim(clerk, { submittedDate: '2025-06-02', claimAmount: '20000' });
    await b.submitClaim(null, { submittedDate: '2025-05-10', claimAmount: '99999' });
    await a.moveTo(clerk, april.claimId, 'under_review', 'approved', 'paid');
    await a.moveTo(clerk, may1.claimId, 'under_review', 'rejected');
    await a.moveTo(clerk, may2.claimId, 'sent_to_underwriter');
    return { bed, a, b, claims: { april, may1, may2, june } };
  }

  it('counts claims and their amounts per month of submission, and moves them between statuses in their month', async () => {
    const { bed, a, b } = await seeded();
    await bed.project();

    expect(await claimsPerMonth(bed.sql, a.companyId, { months: 4, now: JUNE })).toEqual([
      { month: '2025-03', count: 0, amount: '0.00' },
      { month: '2025-04', count: 1, amount: '10000.00' },
      { month: '2025-05', count: 2, amount: '22000.50' },
      { month: '2025-06', count: 1, amount: '20000.00' },
    ]);
    expect(await claimsPerMonth(bed.sql, b.companyId, { months: 2, now: JUNE })).toEqual([
      { month: '2025-05', count: 1, amount: '99999.00' },
      { month: '2025-06', count: 0, amount: '0.00' },
    ]);
    const figures = await claimFiguresByStatus(bed.sql, a.companyId);
    expect(figures).toEqual({
      submitted: { count: 1, amount: '20000.00' },
      under_review: { count: 0, amount: '0.00' },
      approved: { count: 0, amount: '0.00' },
      rejected: { count: 1, amount: '15000.50' },
      sent_to_underwriter: { count: 1, amount: '7000.00' },
      paid: { count: 1, amount: '10000.00' },
    });
    // The same counts as the claims read model's own counters.
    const counts = await claimCounts(bed.sql, a.companyId);
    expect([counts.submitted, counts.rejected, counts.sentToUnderwriter, counts.paid, counts.total]).toEqual([1, 1, 1, 1, 4]);
    await expect(claimsPerMonth(bed.sql, a.companyId, { months: 0 })).rejects.toThrow('months must be a whole number from 1 to 120');
  });

  it('answers the claims report: rows, cards and the spec’s "review" filter, each from the same figures', async () => {
    const { bed, a, claims } = await seeded();
    await a.changeStatus(null, claims.june.claimId, 'submitted', 'under_review');
    await bed.project();

    const all = await runReport(bed.sql, a.companyId, { type: 'claims', first: null });
    expect(all.rows.map((r) => [r.claimNumber, r.status, r.claimAmount, r.submittedDate])).toEqual([
      ['CLM-000004', 'under_review', '20000.00', '2025-06-02'],
      ['CLM-000003', 'sent_to_underwriter', '7000.00', '2025-05-31'],
      ['CLM-000002', 'rejected', '15000.50', '2025-05-01'],
      ['CLM-000001', 'paid', '10000.00', '2025-04-30'],
    ]);
    const card = (report: typeof all) => Object.fromEntries(report.cards.map((c) => [c.key, c.value]));
    expect(card(all)).toEqual({ totalClaims: '4', openClaims: '2', paidClaims: '1', claimedAmount: '52000.50', paidOut: '10000.00' });
    expect(all.totalCount).toBe(all.rows.length);

    const review = await runReport(bed.sql, a.companyId, { type: 'claims', status: 'review', first: 10 });
    expect([review.status, review.totalCount, review.rows.map((r) => r.claimNumber)]).toEqual(['under_review', 1, ['CLM-000004']]);
    expect(card(review)).toEqual({ totalClaims: '1', openClaims: '1', paidClaims: '0', claimedAmount: '20000.00', paidOut: '0.00' });
    const preview = await runReport(bed.sql, a.companyId, { type: 'claims', first: 2 });
    expect([preview.rows.length, preview.totalCount]).toEqual([2, 4]);
    await expect(runReport(bed.sql, a.companyId, { type: 'claims', status: 'lapsed' })).rejects.toThrow(
      'Status must be one of submitted, under_review, approved, rejected, sent_to_underwriter, paid',
    );
    await expect(runReport(bed.sql, a.companyId, { type: 'sales' })).rejects.toThrow(
      'Report type must be one of members, policies, claims, payments, agents',
    );
  });

  it('a rebuild from the start of the log gives the same figures as the live projector', async () => {
    const { bed, a, b, claims } = await seeded();
    await bed.engine.start();
    await a.changeStatus(null, claims.june.claimId, 'submitted', 'under_review');
    await bed.project();
    const answers = async () => ({
      rows: await bed.sql.query('select * from report_claims order by claim_id'),
      months: await bed.sql.query('select * from report_claim_months order by company_id, month, status'),
      figures: await Promise.all([a, b].map((t) => claimFiguresByStatus(bed.sql, t.companyId))),
      perMonth: await Promise.all([a, b].map((t) => claimsPerMonth(bed.sql, t.companyId, { months: 3, now: JUNE }))),
    });
    const live = await answers();

    await bed.engine.rebuild('reports');

    expect((await bed.engine.status()).find((s) => s.name === 'reports')).toMatchObject({ generation: 2, rebuilding: null });
    expect(await answers()).toEqual(live);
    expect(live.rows).toHaveLength(5);
    expect(live.figures[0]?.under_review).toEqual({ count: 1, amount: '20000.00' });
  });
});
