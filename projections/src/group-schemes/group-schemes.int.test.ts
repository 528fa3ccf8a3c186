import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPaymentsBed } from '../payments/payments.fixtures.ts';
import { listPayments, paymentsOfGroupPayment } from '../payments/payments.queries.ts';
import { findGroupScheme, flattenSchemeMembers, listGroupSchemes, listSchemeMembers } from './group-schemes.queries.ts';

const HALF_ROW = { firstName: 'Half', lastName: '', saId: '', phone: '0712345678', address: '', familyMembers: [] };
const BLANK_ROW = { firstName: '', lastName: '', saId: '', phone: '', address: '', familyMembers: [] };

describe.each(testDrivers())('group schemes read model on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openPaymentsBed(driver, cleanups);

  it('shows cards with member counts and members with their family nested, to their company only', async () => {
    const bed = await setup();
    const [a, b] = [bed.company(), bed.company()];
    const created = await a.scheme(
      'Mine Workers',
      [
        ['Zanele', 2],
        ['Sipho', 0],
        ['Lerato', 0],
      ],
      [BLANK_ROW, HALF_ROW],
    );
    expect(created).toMatchObject({ mainMembersAdded: 3, familyMembersAdded: 2, droppedRows: 1 });
    const older = await a.scheme('Taxi Association', [['Thabo', 0]]);
    await b.scheme('Mine Workers', [['Zanele', 0]]);
    await bed.project();

    const cards = await listGroupSchemes(bed.sql, a.companyId);
    expect(cards.map((c) => c.id)).toEqual([older.schemeId, created.schemeId]);
    expect(cards[1]).toMatchObject({
      name: 'Mine Workers',
      description: 'Mine Workers staff',
      status: 'active',
      totalMembers: 5,
      mainMemberCount: 3,
      familyMemberCount: 2,
      policyPrefix: 'MIN',
    });
    expect(await findGroupScheme(bed.sql, b.companyId, created.schemeId)).toBeNull();
    expect(await findGroupScheme(bed.sql, a.companyId, 'not-a-uuid')).toBeNull();
    expect(await listSchemeMembers(bed.sql, b.companyId, created.schemeId)).toEqual([]);

    const members = await listSchemeMembers(bed.sql, a.companyId, created.schemeId);
    expect(
      members.map((m) => [m.firstName, m.policyNumber, m.familyMembers.map((f) => [f.firstName, f.policyNumber, f.relationship])]),
    ).toEqual([
      [
        'Zanele',
        'MIN-000001',
        [
          ["Zanele's child 1", 'MIN-000001', 'child'],
          ["Zanele's child 2", 'MIN-000001', 'child'],
        ],
      ],
      ['Sipho', 'MIN-000002', []],
      ['Lerato', 'MIN-000003', []],
    ]);
    expect(members[0]).toMatchObject({
      lastName: 'Mokoena',
      saId: expect.stringMatching(/^\d{13}$/),
      phone: '0712345678',
      address: '5 Church Street',
      city: 'Rustenburg',
      province: 'North West',
      postalCode: '0299',
      email: null,
      coverAmount: '20000.00',
      isMainMember: true,
      mainMemberId: null,
      status: 'active',
    });
    expect(members[0]?.familyMembers[0]).toMatchObject({
      isMainMember: false,
      mainMemberId: members[0]?.id,
      coverAmount: '10000.00',
      phone: null,
    });
    expect(flattenSchemeMembers(members).map((m) => m.firstName)).toEqual([
      'Zanele',
      "Zanele's child 1",
      "Zanele's child 2",
      'Sipho',
      'Lerato',
    ]);
  });

  it('records a group payment as one payment per group policy, listed with the scheme, and follows removals and edits', async () => {
    const bed = await setup();
    const t = bed.company();
    const clerk = await t.user('Zanele', 'Mthembu');
    const { schemeId } = await t.scheme('Mine Workers', [
      ['Zanele', 2],
      ['Sipho', 0],
      ['Lerato', 0],
    ]);
    const run = await t.groupPay(clerk, schemeId, '100');
    expect(run).toMatchObject({ memberCount: 5, totalAmount: '500.00', amountPerMember: '100.00', paymentMethod: 'mobile_money' });
    await bed.project();

    const recorded = await paymentsOfGroupPayment(bed.sql, t.companyId, run.groupPaymentId);
    expect(recorded.map((p) => [p.policyNumber, p.memberName, p.amount, p.schemeName, p.paymentMethod, p.reference])).toEqual([
      ['MIN-000001', 'Zanele Mokoena', '300.00', 'Mine Workers', 'mobile_money', 'GRP-JULY'],
      ['MIN-000002', 'Sipho Mokoena', '100.00', 'Mine Workers', 'mobile_money', 'GRP-JULY'],
      ['MIN-000003', 'Lerato Mokoena', '100.00', 'Mine Workers', 'mobile_money', 'GRP-JULY'],
    ]);
    expect(recorded.map((p) => p.id).sort()).toEqual([...run.paymentIds].sort());
    expect(await listPayments(bed.sql, t.companyId, { groupSchemeId: schemeId })).toMatchObject({ totalCount: 3 });

    const zanele = (await listSchemeMembers(bed.sql, t.companyId, schemeId))[0]!;
    expect(await t.removeFromScheme(schemeId, zanele.id)).toMatchObject({ familyMembersRemoved: 2 });
    await t.editScheme(schemeId, { name: 'Platinum Miners', description: 'All shafts', status: 'inactive' });
    const added = await t.addToScheme(schemeId, [['Thabo', 1]]);
    expect(added).toMatchObject({ mainMembersAdded: 1, familyMembersAdded: 1, droppedRows: 0 });
    await bed.project();

    expect(await findGroupScheme(bed.sql, t.companyId, schemeId)).toMatchObject({
      name: 'Platinum Miners',
      description: 'All shafts',
      status: 'inactive',
      totalMembers: 4,
      mainMemberCount: 3,
      familyMemberCount: 1,
      policyPrefix: 'PLA',
    });
    const members = await listSchemeMembers(bed.sql, t.companyId, schemeId);
    expect(members.map((m) => [m.firstName, m.policyNumber, m.familyMembers.length])).toEqual([
      ['Sipho', 'MIN-000002', 0],
      ['Lerato', 'MIN-000003', 0],
      ['Thabo', 'PLA-000001', 1],
    ]);
    // Payments show the scheme's current name.
    expect((await listPayments(bed.sql, t.companyId, { search: 'zanele' })).nodes[0]).toMatchObject({
      schemeName: 'Platinum Miners',
      memberName: 'Zanele Mokoena',
    });
  });

  it("shows an erased scheme member's personal fields as '[erased]', on the scheme and on its payments", async () => {
    const bed = await setup();
    const t = bed.company();
    const { schemeId } = await t.scheme('Mine Workers', [['Zanele', 1]]);
    await t.groupPay(null, schemeId, '100');
    await bed.project();
    const [main] = await listSchemeMembers(bed.sql, t.companyId, schemeId);
    await bed.keyring.destroy(`scheme-member:${main!.id}`);
    await bed.engine.rebuild('group_schemes');
    await bed.engine.rebuild('payments');

    const [erased] = await listSchemeMembers(bed.sql, t.companyId, schemeId);
    expect(erased).toMatchObject({
      firstName: '[erased]',
      lastName: '[erased]',
      saId: '[erased]',
      phone: '[erased]',
      policyNumber: 'MIN-000001',
    });
    expect(erased?.familyMembers[0]?.firstName).toBe("Zanele's child 1");
    expect((await listPayments(bed.sql, t.companyId)).nodes[0]).toMatchObject({ memberName: '[erased]', amount: '200.00' });
  });

  it('a rebuild from the start of the log gives the same read models as the live projectors', async () => {
    const bed = await setup();
    const t = bed.company();
    const clerk = await t.user('Zanele', 'Mthembu');
    const { schemeId } = await t.scheme('Mine Workers', [
      ['Zanele', 2],
      ['Sipho', 1],
    ]);
    const run = await t.groupPay(clerk, schemeId, '99.99');
    const policy = await t.policy('Themba', 'Mthembu');
    const single = await t.pay(clerk, policy.policyId, { amount: '150' });
    await t.setStatus(clerk, single, 'refunded');
    await t.setStatus(clerk, run.paymentIds[0]!, 'pending');
    await bed.project();
    const sipho = (await listSchemeMembers(bed.sql, t.companyId, schemeId))[1]!;
    await t.removeFromScheme(schemeId, sipho.familyMembers[0]!.id);
    await bed.project();
    const dump = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of ['group_schemes', 'scheme_members', 'payments', 'payment_stats', 'premium_months', 'policy_arrears']) {
        rows[table] = await bed.sql.query(`select * from public.${table} order by 1, 2`);
      }
      return rows;
    };
    const live = await dump();
    expect(live.scheme_members).toHaveLength(4);
    await bed.engine.rebuild('group_schemes');
    await bed.engine.rebuild('payments');
    expect(await dump()).toEqual(live);
  });
});
