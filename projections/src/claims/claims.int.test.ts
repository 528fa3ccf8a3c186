import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openClaimsBed, type ClaimFixture } from './claims.fixtures.ts';
import { activeClaims, claimCounts, findClaim, listAllClaims, listClaims, type ClaimCounts, type ClaimRow } from './claims.queries.ts';
import { findDocument, listDocuments } from './documents.queries.ts';

describe.each(testDrivers())('claims read model on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openClaimsBed(driver, cleanups);

  it("never answers one company with another company's claims", async () => {
    const bed = await setup();
    const [a, b] = [await bed.company('Ubuntu Funerals'), await bed.company('Thuthuka Burial Society')];
    // Same claim number, policy number and names in both companies.
    const inA = await a.submitClaim(null);
    const inB = await b.submitClaim(null);
    await b.submitClaim(null);
    await b.moveTo(null, inB.claimId, 'under_review', 'rejected');
    await bed.project();

    for (const [t, mine, theirs, count] of [
      [a, inA, inB, 1],
      [b, inB, inA, 2],
    ] as const) {
      const c = t.companyId;
      const own = (await listClaims(bed.sql, c, { search: 'CLM-000001' })).nodes.map((r) => r.id);
      expect(own).toEqual([mine.claimId]);
      expect((await listAllClaims(bed.sql, c)).length).toBe(count);
      expect(await findClaim(bed.sql, c, theirs.claimId)).toBeNull();
      expect((await findClaim(bed.sql, c, mine.claimId))?.documents.map((d) => d.id)).toEqual(mine.documentIds);
      expect((await claimCounts(bed.sql, c)).total).toBe(count);
      expect(await findDocument(bed.sql, c, theirs.documentIds[0] ?? '')).toBeNull();
      expect((await listDocuments(bed.sql, c)).nodes.every((d) => d.companyId === c)).toBe(true);
    }
    expect(await activeClaims(bed.sql, a.companyId)).toBe(1);
    expect(await activeClaims(bed.sql, b.companyId)).toBe(1);
    expect(await activeClaims(bed.sql, null)).toBe(2);
    expect(await findClaim(bed.sql, a.companyId, 'not-a-uuid')).toBeNull();
    expect(await claimCounts(bed.sql, '00000000-0000-4000-8000-000000000000')).toMatchObject({ total: 0, active: 0 });
  });

  it('lists claims newest first with the columns of the table and the submission flags', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const clerk = await t.user('Zanele', 'Mthembu');
    const first = await t.submitClaim(clerk, { claimAmount: '15000.5', withinWaitingPeriod: true });
    await t.submitClaim(clerk, { memberName: 'Pieter van Wyk', policyNumber: 'POL-000002', exceedsCover: true });
    await bed.project();

    const list = await listClaims(bed.sql, t.companyId);
    expect(list.nodes.map((c) => [c.claimNumber, c.memberName, c.withinWaitingPeriod, c.exceedsCover])).toEqual([
      ['CLM-000002', 'Pieter van Wyk', false, true],
      ['CLM-000001', 'Nomvula Dlamini', true, false],
    ]);
    expect(list).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: false } });
    const row: Record<keyof ClaimRow, unknown> = {
      id: first.claimId,
      claimNumber: 'CLM-000001',
      policyId: expect.any(String),
      policyNumber: 'POL-000001',
      memberId: first.memberId,
      memberName: 'Nomvula Dlamini',
      deceasedName: 'Sipho Dlamini',
      claimantName: 'Lerato Dlamini',
      status: 'submitted',
      claimAmount: '15000.50',
      dateOfDeath: '2025-05-02',
      submittedDate: '2025-05-10',
      withinWaitingPeriod: true,
      waitingPeriodEndsOn: '2025-09-01',
      exceedsCover: false,
      coverageAmount: '50000.00',
      deceasedOnPolicy: true,
      deathType: 'natural',
      waitingRule: 'natural',
      lifeJoinedOn: '2025-03-01',
      priorCoverMonths: 0,
      accountHolderName: 'Lerato Dlamini',
      bankAccountLast4: '6789',
      approvedAmount: null,
      overrideReason: null,
      overriddenFlags: [],
      rejectionReason: null,
      rejectionDetail: null,
      payoutAmount: null,
      paidOn: null,
      paymentReference: null,
      payoutAccountHolder: null,
      payoutAccountLast4: null,
      clockStartedAt: null,
      decisionDueAt: null,
      deadlineExtendedFor: null,
      disputeReason: null,
      decidedAt: null,
      submittedBy: 'Zanele Mthembu',
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    };
    expect(list.nodes[1]).toEqual(row);
    expect(await listAllClaims(bed.sql, t.companyId)).toEqual(list.nodes);
  });

  it('searches claim number, policy number, member, claimant and deceased names as case-insensitive prefixes', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const people = [
      ['Nomvula Dlamini', ['Sipho', 'Dlamini'], ['Lerato', 'Nkosi'], 'POL-000001'],
      ['Pieter van Wyk', ['Anna', 'van Wyk'], ['Johan', 'Smit'], 'GRP-000007'],
      ['Thabo Mokoena', ['Thabo', 'Mokoena'], ['Palesa', 'Mokoena'], 'POL-000003'],
    ] as const;
    for (const [memberName, deceased, claimant, policyNumber] of people) {
      await t.submitClaim(null, { memberName, deceased: [...deceased], claimant: [...claimant], policyNumber });
    }
    await bed.project();
    const numbers = async (search: string, status?: 'submitted' | 'under_review') => {
      const found = await listClaims(bed.sql, t.companyId, { search, status });
      expect(found.totalCount).toBe(found.nodes.length);
      return found.nodes.map((c) => c.claimNumber).sort();
    };

    expect(await numbers('clm-000002')).toEqual(['CLM-000002']);
    expect(await numbers('grp')).toEqual(['CLM-000002']);
    expect(await numbers('pol-')).toEqual(['CLM-000001', 'CLM-000003']);
    expect(await numbers('NOMVULA')).toEqual(['CLM-000001']);
    expect(await numbers('  johan   sm ')).toEqual(['CLM-000002']);
    expect(await numbers('anna van')).toEqual(['CLM-000002']);
    expect(await numbers('thabo')).toEqual(['CLM-000003']);
    expect(await numbers('palesa')).toEqual(['CLM-000003']);
    expect(await numbers('dlamini')).toEqual([]);
    expect(await numbers('CLM%')).toEqual([]);
    expect(await numbers('_LM')).toEqual([]);
    expect(await numbers('   ')).toEqual(['CLM-000001', 'CLM-000002', 'CLM-000003']);
    expect(await numbers('thabo', 'under_review')).toEqual([]);
    expect(await numbers('thabo', 'submitted')).toEqual(['CLM-000003']);
  });

  it('pages with a cursor that visits every claim once, also among claims recorded at one instant', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    for (let i = 0; i < 17; i++) {
      const claim = await t.submitClaim(null, { memberName: i % 2 ? 'Odd Member' : 'Even Member' });
      if (i >= 4 && i < 12) await bed.recordAt(claim.appended, '2025-05-10T08:00:00.000Z');
    }
    await bed.project();
    const all = await listAllClaims(bed.sql, t.companyId);
    const everyone = all.map((c) => c.id);
    expect(new Set(everyone).size).toBe(17);
    const evens = all.filter((c) => c.memberName.startsWith('Even')).map((c) => c.id);

    for (const [args, expected] of [
      [{}, everyone],
      [{ search: 'even' }, evens],
      [{ status: 'submitted' as const }, everyone],
    ] as const) {
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await listClaims(bed.sql, t.companyId, { ...args, first: 4, after });
        expect(result.totalCount).toBe(expected.length);
        seen.push(...result.nodes.map((c) => c.id));
        if (!result.pageInfo.hasNextPage) break;
        after = result.pageInfo.endCursor ?? undefined;
      }
      expect(seen).toEqual(expected);
    }
    await expect(listClaims(bed.sql, t.companyId, { after: 'garbage' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('counts every status from the maintained counters, under_review included, and follows the lifecycle', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const claims: ClaimFixture[] = [];
    for (let i = 0; i < 8; i++) claims.push(await t.submitClaim(null));
    const id = (i: number) => claims[i]?.claimId ?? '';
    await t.moveTo(null, id(1), 'under_review');
    await t.moveTo(null, id(2), 'under_review');
    await t.moveTo(null, id(3), 'under_review', 'approved');
    await t.moveTo(null, id(4), 'under_review', 'rejected');
    await t.moveTo(null, id(5), 'sent_to_underwriter');
    await t.moveTo(null, id(6), 'sent_to_underwriter', 'approved', 'paid');
    await t.moveTo(null, id(7), 'under_review', 'sent_to_underwriter', 'rejected');
    await bed.project();

    const expected: ClaimCounts = {
      total: 8,
      submitted: 1,
      underReview: 2,
      approved: 1,
      rejected: 2,
      sentToUnderwriter: 1,
      paid: 1,
      active: 5,
    };
    expect(await claimCounts(bed.sql, t.companyId)).toEqual(expected);
    expect(await activeClaims(bed.sql, t.companyId)).toBe(5);
    const underReview = await listClaims(bed.sql, t.companyId, { status: 'under_review' });
    expect(underReview.nodes.map((c) => c.id).sort()).toEqual([id(1), id(2)].sort());
    expect(underReview.totalCount).toBe(2);
    expect((await listClaims(bed.sql, t.companyId, { status: 'paid' })).nodes.map((c) => c.status)).toEqual(['paid']);
    // The counters agree with the rows.
    const byStatus = await bed.sql.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from claims where company_id = $1 group by status',
      [t.companyId],
    );
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      submitted: 1,
      under_review: 2,
      approved: 1,
      rejected: 2,
      sent_to_underwriter: 1,
      paid: 1,
    });
  });

  it('keeps the decision: approved amount and override, rejection reason, payout and its account (issue #23)', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const clerk = await t.user('Zanele', 'Mthembu');
    const paid = await t.submitClaim(clerk, { withinWaitingPeriod: true });
    const rejected = await t.submitClaim(clerk);
    await t.changeStatus(clerk, paid.claimId, 'submitted', 'under_review');
    const override = { flags: ['withinWaitingPeriod' as const], reason: 'Accidental death, police report attached' };
    await t.changeStatus(clerk, paid.claimId, 'under_review', 'approved', null, {
      decision: { approvedAmount: '14000.00', approvedOn: '2025-05-12', override },
    });
    await t.changeStatus(clerk, paid.claimId, 'approved', 'paid', null, {
      payout: {
        amount: '14000.00',
        paidOn: '2025-05-13',
        reference: 'EFT-2025-0042',
        accountHolder: 'Lerato Dlamini',
        accountLast4: '6789',
      },
    });
    await t.changeStatus(clerk, rejected.claimId, 'submitted', 'sent_to_underwriter');
    await t.changeStatus(clerk, rejected.claimId, 'sent_to_underwriter', 'rejected', 'see file', {
      rejection: { reason: 'other', detail: 'Claimant withdrew the claim' },
    });
    await bed.project();

    expect(await findClaim(bed.sql, t.companyId, paid.claimId)).toMatchObject({
      status: 'paid',
      approvedAmount: '14000.00',
      overrideReason: override.reason,
      overriddenFlags: ['withinWaitingPeriod'],
      rejectionReason: null,
      payoutAmount: '14000.00',
      paidOn: '2025-05-13',
      paymentReference: 'EFT-2025-0042',
      payoutAccountHolder: 'Lerato Dlamini',
      payoutAccountLast4: '6789',
    });
    expect(await findClaim(bed.sql, t.companyId, rejected.claimId)).toMatchObject({
      status: 'rejected',
      approvedAmount: null,
      overriddenFlags: [],
      rejectionReason: 'other',
      rejectionDetail: 'Claimant withdrew the claim',
      payoutAmount: null,
    });

    await bed.keyring.destroy(`claim-claimant:${paid.claimId}`);
    await bed.engine.rebuild('claims');
    expect(await findClaim(bed.sql, t.companyId, paid.claimId)).toMatchObject({
      accountHolderName: '[erased]',
      bankAccountLast4: null,
      payoutAccountHolder: '[erased]',
      payoutAccountLast4: '[erased]',
      payoutAmount: '14000.00',
      paymentReference: 'EFT-2025-0042',
    });
  });

  it('keeps the status history with who (name and role) and when, the submission first', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const clerk = await t.user('Zanele', 'Mthembu', 'claim_admin');
    const boss = await t.user('Johan', 'Botha', 'administrator');
    const claim = await t.submitClaim(clerk);
    await t.changeStatus(clerk, claim.claimId, 'submitted', 'under_review', 'Documents look complete');
    await t.changeStatus(boss, claim.claimId, 'under_review', 'approved');
    await t.changeStatus(null, claim.claimId, 'approved', 'paid', 'EFT batch 12');
    await bed.project();

    const detail = await findClaim(bed.sql, t.companyId, claim.claimId);
    expect(detail?.status).toBe('paid');
    const by = (id: string | null, name: string | null, role: string | null) => ({
      changedById: id,
      changedByName: name,
      changedByRole: role,
      changedAt: expect.any(Date),
    });
    expect(detail?.history).toEqual([
      { fromStatus: null, toStatus: 'submitted', note: null, ...by(clerk, 'Zanele Mthembu', 'claim_admin') },
      {
        fromStatus: 'submitted',
        toStatus: 'under_review',
        note: 'Documents look complete',
        ...by(clerk, 'Zanele Mthembu', 'claim_admin'),
      },
      { fromStatus: 'under_review', toStatus: 'approved', note: null, ...by(boss, 'Johan Botha', 'administrator') },
      { fromStatus: 'approved', toStatus: 'paid', note: 'EFT batch 12', ...by(null, null, null) },
    ]);
    const times = detail?.history.map((h) => h.changedAt.getTime()) ?? [];
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(detail?.updatedAt.getTime()).toBe(times.at(-1));
  });
});
