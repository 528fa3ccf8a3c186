import { randomUUID } from 'node:crypto';
import type { AppendResult, NewEvent } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { complianceProjection } from './compliance.projection.ts';
import { COMPLIANCE_TABLES } from './compliance.schema.ts';
import { listComplianceLogs } from './compliance.queries.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-20T10:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

describe.each(testDrivers())('the compliance log on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  async function setup() {
    const bed = await openPortfolioBed(driver, cleanups, [complianceProjection]);
    const event = (companyId: string, streamId: string, type: string, data: Record<string, unknown>, at?: string): Promise<AppendResult> =>
      bed.append(companyId, [{ streamId, events: [{ type, data: { companyId, ...data } } satisfies NewEvent] }]).then(async (result) => {
        if (at) await bed.recordAt(result, at);
        return result;
      });
    const company = async (name: string, memberLimit: number) => {
      const id = randomUUID();
      await event(id, `company-${id}`, 'CompanyRegistered', { name, tier: 'free', memberLimit }, daysAgo(60));
      return id;
    };
    return { bed, event, company };
  }

  it("counts group schemes' people toward the member limit's entry, as the quota does (issue #22)", async () => {
    const { bed, event, company } = await setup();
    const zulu = await company('Zulu Burial Society', 2);
    const scheme = randomUUID();
    await event(zulu, `member-${randomUUID()}`, 'MemberRegistered', { memberId: randomUUID() }, daysAgo(10));
    const people = [randomUUID(), randomUUID()];
    for (const [i, id] of people.entries())
      await event(
        zulu,
        `group-scheme-${scheme}`,
        'SchemeMemberAdded',
        { schemeId: scheme, memberId: id, isMainMember: i === 0 },
        daysAgo(9 - i),
      );
    await event(
      zulu,
      `group-scheme-${scheme}`,
      'SchemeMemberRemoved',
      { schemeId: scheme, memberId: people[1], isMainMember: false },
      daysAgo(5),
    );
    await bed.project();
    const entries = (await listComplianceLogs(bed.sql, { now })).filter((e) => e.type === 'member_limit_exceeded');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      description: "Zulu Burial Society has 3 members, more than its plan's limit of 2.",
      createdAt: new Date(daysAgo(8)),
      resolvedAt: new Date(daysAgo(5)),
    });
  });

  it('records each kind of entry from events, resolves them with later events, and a rebuild gives the same log', async () => {
    const { bed, event, company } = await setup();
    const ubuntu = await company('Ubuntu Funeral Cover', 2);
    const other = await company('Other Cover', 300);
    const c = (id: string) => `company-${id}`;

    // Users: a permission beyond the billing clerk's defaults (open until revoked), one within them (no entry).
    const clerk = randomUUID();
    await event(ubuntu, `user-${clerk}`, 'UserRegistered', { userId: clerk, username: 'clerk1', role: 'billing_clerk' });
    await event(ubuntu, `access-${ubuntu}`, 'UserPermissionGranted', { userId: clerk, permission: 'agents:create' }, daysAgo(9));
    await event(ubuntu, `access-${ubuntu}`, 'UserPermissionGranted', { userId: clerk, permission: 'payments:read' }, daysAgo(9));
    await event(ubuntu, `access-${ubuntu}`, 'UserPermissionGranted', { userId: clerk, permission: 'members:delete' }, daysAgo(8));
    await event(ubuntu, `access-${ubuntu}`, 'UserPermissionRevoked', { userId: clerk, permission: 'agents:create' }, daysAgo(7));
    // Repeated failed sign-ins, resolved by a password reset.
    await event(ubuntu, `user-${clerk}`, 'LoginFailuresRepeated', { userId: clerk, failures: 5, windowMinutes: 15 }, daysAgo(6));
    await event(ubuntu, `user-${clerk}`, 'UserPasswordReset', { userId: clerk }, daysAgo(5));

    // Policies: one lapses and comes back, one stays lapsed.
    const [p1, p2] = [randomUUID(), randomUUID()];
    await event(ubuntu, `policy-${p1}`, 'PolicyIssued', { policyId: p1, policyNumber: 'POL-001' });
    await event(ubuntu, `policy-${p2}`, 'PolicyIssued', { policyId: p2, policyNumber: 'POL-002' });
    await event(ubuntu, `policy-${p1}`, 'PolicyStatusChanged', { policyId: p1, from: 'active', to: 'lapsed', note: null }, daysAgo(20));
    await event(ubuntu, `policy-${p1}`, 'PolicyStatusChanged', { policyId: p1, from: 'lapsed', to: 'active', note: null }, daysAgo(19));
    await event(
      other,
      `policy-${p2}`,
      'PolicyStatusChanged',
      { policyId: p2, from: 'active', to: 'lapsed', note: 'Three months unpaid' },
      daysAgo(4),
    );

    // Claims: still waiting after 40 days (open, computed at `now`); waited 47 days across submitted and
    // under_review, then approved (stored, resolved); decided within 30 days; 10 days old.
    const [k1, k2, k3, k4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await event(ubuntu, `claim-${k1}`, 'ClaimSubmitted', { claimId: k1, claimNumber: 'CLM-1' }, daysAgo(40));
    await event(ubuntu, `claim-${k2}`, 'ClaimSubmitted', { claimId: k2, claimNumber: 'CLM-2' }, daysAgo(52));
    await event(
      ubuntu,
      `claim-${k2}`,
      'ClaimStatusChanged',
      { claimId: k2, from: 'submitted', to: 'under_review', note: null },
      daysAgo(30),
    );
    await event(ubuntu, `claim-${k2}`, 'ClaimStatusChanged', { claimId: k2, from: 'under_review', to: 'approved', note: null }, daysAgo(5));
    await event(ubuntu, `claim-${k3}`, 'ClaimSubmitted', { claimId: k3, claimNumber: 'CLM-3' }, daysAgo(40));
    await event(ubuntu, `claim-${k3}`, 'ClaimStatusChanged', { claimId: k3, from: 'submitted', to: 'rejected', note: null }, daysAgo(35));
    await event(ubuntu, `claim-${k4}`, 'ClaimSubmitted', { claimId: k4, claimNumber: 'CLM-4' }, daysAgo(10));

    // Members over the limit of 2 (critical), then back under it.
    const members = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, m] of members.entries()) await event(ubuntu, `member-${m}`, 'MemberRegistered', { memberId: m }, daysAgo(15 - i));
    await event(ubuntu, `member-${members[2]}`, 'MemberDeleted', { memberId: members[2] }, daysAgo(3));

    // Suspended and activated again; the other company stays suspended.
    await event(ubuntu, c(ubuntu), 'CompanySuspended', { reason: 'Unpaid platform fees', suspendedAt: daysAgo(2) }, daysAgo(2));
    await event(ubuntu, c(ubuntu), 'CompanyActivated', { activatedAt: daysAgo(1) }, daysAgo(1));
    await event(other, c(other), 'CompanySuspended', { reason: 'Fraud investigation', suspendedAt: daysAgo(0.5) }, daysAgo(0.5));
    await bed.project();

    const log = await listComplianceLogs(bed.sql, { now });
    const brief = log.map((e) => [e.type, e.severity, e.companyName, e.resolvedAt === null ? 'open' : 'resolved']);
    expect(brief).toEqual([
      ['company_suspended', 'critical', 'Other Cover', 'open'],
      ['company_activated', 'info', 'Ubuntu Funeral Cover', 'resolved'],
      ['company_suspended', 'critical', 'Ubuntu Funeral Cover', 'resolved'],
      ['policy_lapsed', 'warning', 'Other Cover', 'open'],
      ['repeated_failed_logins', 'warning', 'Ubuntu Funeral Cover', 'resolved'],
      ['permission_granted', 'info', 'Ubuntu Funeral Cover', 'open'],
      ['permission_granted', 'info', 'Ubuntu Funeral Cover', 'resolved'],
      ['claim_overdue', 'warning', 'Ubuntu Funeral Cover', 'open'],
      ['member_limit_exceeded', 'critical', 'Ubuntu Funeral Cover', 'resolved'],
      ['policy_lapsed', 'warning', 'Ubuntu Funeral Cover', 'resolved'],
      ['claim_overdue', 'warning', 'Ubuntu Funeral Cover', 'resolved'],
    ]);
    const byType = (type: string) => log.filter((e) => e.type === type);
    expect(byType('company_suspended')[1]).toMatchObject({
      title: 'Company suspended',
      description: 'Ubuntu Funeral Cover was suspended. Reason: Unpaid platform fees',
      createdAt: new Date(daysAgo(2)),
      resolvedAt: new Date(daysAgo(1)),
    });
    const [open, resolved] = byType('claim_overdue');
    expect(open).toMatchObject({
      description: expect.stringContaining('Claim CLM-1 has waited more than 30 days'),
      createdAt: new Date(daysAgo(10)),
    });
    expect(resolved).toMatchObject({
      description: expect.stringContaining('Claim CLM-2'),
      createdAt: new Date(daysAgo(22)),
      resolvedAt: new Date(daysAgo(5)),
    });
    expect(byType('permission_granted').map((e) => e.description)).toEqual([
      'clerk1 (billing clerk) was granted members:delete, which the role does not have by default.',
      'clerk1 (billing clerk) was granted agents:create, which the role does not have by default.',
    ]);
    expect(byType('member_limit_exceeded')[0]).toMatchObject({
      description: "Ubuntu Funeral Cover has 3 members, more than its plan's limit of 2.",
    });
    expect(byType('policy_lapsed')[0]!.description).toBe('Policy POL-002 lapsed: Three months unpaid');

    // The open overdue entry is computed for the time asked about: 9 days earlier CLM-1 was not overdue yet.
    const earlier = await listComplianceLogs(bed.sql, { now: new Date(now.getTime() - 11 * DAY) });
    expect(earlier.filter((e) => e.type === 'claim_overdue' && e.resolvedAt === null)).toEqual([]);
    // When CLM-1 moves on, its entry is stored under the same id, resolved.
    await event(
      ubuntu,
      `claim-${k1}`,
      'ClaimStatusChanged',
      { claimId: k1, from: 'submitted', to: 'sent_to_underwriter', note: null },
      daysAgo(0),
    );
    await bed.project();
    const moved = (await listComplianceLogs(bed.sql, { now })).filter((e) => e.id === open!.id);
    expect(moved).toEqual([{ ...open, resolvedAt: new Date(daysAgo(0)) }]);

    const dump = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const table of COMPLIANCE_TABLES) tables[table] = await bed.sql.query(`select * from public.${table} order by 1`);
      return { tables, log: await listComplianceLogs(bed.sql, { now }) };
    };
    const live = await dump();
    await bed.engine.rebuild('compliance');
    expect(await dump()).toEqual(live);
  });
});
