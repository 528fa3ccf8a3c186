import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed, type PortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { portfolioProjection } from '../portfolio/portfolio.projection.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';
import { complianceReportsProjection } from './compliance-reports.projection.ts';
import {
  claimsAgeing,
  claimsTurnaround,
  lapseRatio,
  permissionChanges,
  personalDataRequests,
  policiesInWaitingPeriod,
  suspendedCompanies,
} from './compliance-reports.queries.ts';
import { dataSubjectsProjection } from './data-subjects.projection.ts';
import { findPersonSubjects } from './person.queries.ts';

const SA_ID = '8001015009087';

/** Appends one event as `actor`, recorded at `at` (the reports' clock is the recorded time). */
async function at(bed: PortfolioBed, companyId: string, iso: string, streamId: string, event: NewEvent, actor: string | null = null) {
  // Through the bed, so that project() catches up to it: appended past the bed's head, a catch-up on a busy server
  // (another test's transaction holding the horizon back) could end before it (a clean-clone run's empty suspension list).
  const result = await bed.append(companyId, [{ streamId, events: [event] }], actor);
  await bed.recordAt(result, iso);
  return result;
}

async function claim(bed: PortfolioBed, companyId: string, number: string, submittedAt: string, changes: [string, string][]) {
  const claimId = randomUUID();
  const data = {
    claimId,
    companyId,
    claimNumber: number,
    deceasedSaId: '5001015009082',
    claimantSaId: SA_ID,
    deceasedFirstName: 'Jabu',
    deceasedLastName: 'Dlamini',
    claimantFirstName: 'Nomvula',
    claimantLastName: 'Dlamini',
  };
  await at(bed, companyId, submittedAt, `claim-${claimId}`, { type: 'ClaimSubmitted', data });
  let from = 'submitted';
  for (const [to, when] of changes) {
    await at(bed, companyId, when, `claim-${claimId}`, { type: 'ClaimStatusChanged', data: { claimId, companyId, from, to, note: null } });
    from = to;
  }
  return claimId;
}

/** Every report of the company, as the gateway would ask for them on fixed dates. */
async function reports(bed: PortfolioBed, companyId: string) {
  return {
    turnaround: await claimsTurnaround(bed.sql, companyId),
    ageing: await claimsAgeing(bed.sql, companyId, new Date('2025-03-20T12:00:00Z')),
    lapse: await lapseRatio(bed.sql, companyId, new Date('2025-04-15T12:00:00Z')),
    waiting: await policiesInWaitingPeriod(bed.sql, companyId, '2025-06-01'),
    suspended: await suspendedCompanies(bed.sql, null),
    permissions: await permissionChanges(bed.sql, companyId),
    requests: await personalDataRequests(bed.sql, companyId),
    subjects: await findPersonSubjects(bed.sql, companyId, SA_ID),
  };
}

describe.each(testDrivers())('compliance reports on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('aggregate hand-checked figures, and a rebuild from the log gives the same reports', async () => {
    const bed = await openPortfolioBed(driver, cleanups, [
      portfolioProjection,
      usersListProjection,
      complianceReportsProjection,
      dataSubjectsProjection,
    ]);
    const t = bed.tenant();
    const c = t.companyId;
    const admin = randomUUID();
    await at(bed, c, '2024-12-01T08:00:00Z', `company-${c}`, {
      type: 'CompanyRegistered',
      data: {
        companyId: c,
        name: 'Ubuntu Cover',
        cipNumber: '2019/100001/07',
        email: 'a@b.co.za',
        phone: '0821234567',
        fspNumber: null,
        administratorUserId: admin,
        tier: 'free',
        memberLimit: 300,
        registeredAt: '2024-12-01',
      },
    });
    await at(bed, c, '2024-12-01T08:00:00Z', `user-${admin}`, {
      type: 'UserRegistered',
      data: {
        userId: admin,
        companyId: c,
        username: 'thandi',
        role: 'administrator',
        email: 't@b.co.za',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        saId: null,
        phone: null,
      },
    });

    // Turnaround: January pays after 10 and 20 days, February after 30.5 days. Ageing on 20 March: 19 and 2 days open.
    await claim(bed, c, 'CLM-1', '2025-01-01T08:00:00Z', [
      ['approved', '2025-01-05T08:00:00Z'],
      ['paid', '2025-01-11T08:00:00Z'],
    ]);
    await claim(bed, c, 'CLM-2', '2025-01-05T08:00:00Z', [['paid', '2025-01-25T08:00:00Z']]);
    await claim(bed, c, 'CLM-3', '2025-01-20T08:00:00Z', [['paid', '2025-02-19T20:00:00Z']]);
    const open19 = await claim(bed, c, 'CLM-4', '2025-03-01T08:00:00Z', [['under_review', '2025-03-02T08:00:00Z']]);
    const open2 = await claim(bed, c, 'CLM-5', '2025-03-18T08:00:00Z', []);
    await claim(bed, c, 'CLM-6', '2025-03-01T08:00:00Z', [['rejected', '2025-03-03T08:00:00Z']]);

    // Lapses: A and B issued in January, C in February; A lapses in February, B in March (reinstated in March).
    const type = await t.policyType({ waitingPeriod: 6 });
    const issue = async (firstName: string, iso: string) => {
      const m = await t.member({ firstName, lastName: 'Mokoena', saId: firstName === 'Ayanda' ? SA_ID : undefined, policyType: type });
      await bed.recordAt(m.appended, iso);
      return m.policyId!;
    };
    const a = await issue('Ayanda', '2025-01-10T10:00:00Z');
    const b = await issue('Bongani', '2025-01-12T10:00:00Z');
    await issue('Carol', '2025-02-15T10:00:00Z');
    const status = (policyId: string, from: string, to: string, iso: string) =>
      at(bed, c, iso, `policy-${policyId}`, { type: 'PolicyStatusChanged', data: { policyId, companyId: c, from, to, note: null } });
    await status(a, 'active', 'lapsed', '2025-02-10T10:00:00Z');
    await status(b, 'active', 'lapsed', '2025-03-05T10:00:00Z');
    await status(b, 'lapsed', 'active', '2025-03-20T10:00:00Z');

    // Permission changes by the administrator; personal-data requests; a suspension.
    const access = `access-${c}`;
    const clerk = randomUUID();
    const claimAdmin = [
      'dashboard:read',
      'members:read',
      'policies:read',
      'claims:read',
      'claims:create',
      'claims:update_status',
      'documents:read',
      'documents:upload',
      'company:read',
      'subscription:read',
      'reports:read',
    ];
    await at(
      bed,
      c,
      '2025-04-01T08:00:00Z',
      access,
      { type: 'RolePermissionsSet', data: { companyId: c, role: 'claim_admin', permissions: claimAdmin, reason: 'changed' } },
      admin,
    );
    await at(
      bed,
      c,
      '2025-04-02T08:00:00Z',
      access,
      { type: 'UserPermissionGranted', data: { companyId: c, userId: clerk, permission: 'payments:read' } },
      admin,
    );
    await at(
      bed,
      c,
      '2025-04-03T08:00:00Z',
      `user-${clerk}`,
      { type: 'UserRoleChanged', data: { userId: clerk, companyId: c, from: 'agent', to: 'auditor' } },
      admin,
    );
    await at(
      bed,
      c,
      '2025-04-04T08:00:00Z',
      `audit-${c}`,
      { type: 'PersonalDataExported', data: { companyId: c, subjectReference: '*********9087', subjectIds: ['member:x'] } },
      admin,
    );
    await at(
      bed,
      c,
      '2025-04-05T08:00:00Z',
      `audit-${c}`,
      {
        type: 'PersonalDataErasureRefused',
        data: {
          companyId: c,
          subjectReference: '*********9087',
          reason: 'Asked',
          holds: ['The person has an active policy (POL-000001).'],
        },
      },
      admin,
    );
    await at(bed, c, '2025-04-06T08:00:00Z', `company-${c}`, {
      type: 'CompanySuspended',
      data: { companyId: c, reason: 'Unpaid subscription' },
    });
    await bed.project();

    const live = await reports(bed, c);
    expect(live.turnaround).toEqual([
      { month: '2025-01', claimsPaid: 2, medianDays: 15, p90Days: 19 },
      { month: '2025-02', claimsPaid: 1, medianDays: 30.5, p90Days: 30.5 },
    ]);
    expect(live.ageing.map((bucket) => [bucket.bucket, bucket.claimIds])).toEqual([
      ['0-7', [open2]],
      ['8-14', []],
      ['15-30', [open19]],
      ['31-60', []],
      ['61-90', []],
      ['90+', []],
    ]);
    expect(live.lapse).toEqual([
      { month: '2025-01', activeAtStart: 0, lapsed: 0, ratio: 0 },
      { month: '2025-02', activeAtStart: 2, lapsed: 1, ratio: 0.5 },
      { month: '2025-03', activeAtStart: 2, lapsed: 1, ratio: 0.5 },
      { month: '2025-04', activeAtStart: 2, lapsed: 0, ratio: 0 },
    ]);
    // Start 2025-03-01 + 6 months = 2025-09-01: 92 days after 1 June. A lapsed, so it is not listed.
    expect(live.waiting.map((p) => [p.memberName, p.waitingPeriodEnds, p.daysRemaining])).toEqual([
      ['Bongani Mokoena', '2025-09-01', 92],
      ['Carol Mokoena', '2025-09-01', 92],
    ]);
    expect(live.suspended).toEqual([expect.objectContaining({ companyId: c, name: 'Ubuntu Cover', reason: 'Unpaid subscription' })]);
    expect(live.permissions.map((p) => [p.eventType, p.detail, p.actor.name])).toEqual([
      ['RolePermissionsSet', 'claim_admin: +reports:read −documents:review', 'Thandi Nkosi'],
      ['UserPermissionGranted', 'granted payments:read', 'Thandi Nkosi'],
      ['UserRoleChanged', 'role agent → auditor', 'Thandi Nkosi'],
    ]);
    expect(live.requests.map((r) => [r.kind, r.subjectReference, r.outcome])).toEqual([
      ['export', '*********9087', 'exported'],
      ['erasure_refused', '*********9087', 'The person has an active policy (POL-000001).'],
    ]);
    // The person by SA ID: the member Ayanda, and the claimant of every claim.
    expect(live.subjects.map((s) => s.kind).sort()).toEqual([
      'claim_claimant',
      'claim_claimant',
      'claim_claimant',
      'claim_claimant',
      'claim_claimant',
      'claim_claimant',
      'member',
    ]);

    await bed.engine.rebuild('compliance_reports');
    await bed.engine.rebuild('data_subjects');
    expect(await reports(bed, c)).toEqual(live);
  });
});
