import { testDrivers } from '@fpa/write-model/testing';
// The subscription's member count adds the group schemes' members (companies.queries.ts).
import { groupSchemesProjection } from '../group-schemes/group-schemes.projection.ts';
import {
  activateCompany,
  commandContext,
  ensureBuiltInPlans,
  migrateWriteModel,
  suspendCompany,
  registerCompany,
  settleSubscriptionPayment,
  startSubscriptionCheckout,
  SYSTEM,
  updateCompanyDetails,
  updateProfile,
  VISITOR,
} from '@fpa/write-model';
import type { Checkpoint } from '@fpa/write-model/event-store';
import { luhnCheckDigit } from '@fpa/write-model/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { catchUpTo, runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { portfolioProjection } from '../portfolio/portfolio.projection.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';
import { findUserById } from '../users-list/users-list.queries.ts';
import { companiesProjection } from './companies.projection.ts';
import { findCompany, findSubscription, listSubscriptionPayments } from './companies.queries.ts';

describe.each(testDrivers())('companies and users read models on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('follow settings changes, tier changes and subscription payments, each company its own', async () => {
    const bed = await openPortfolioBed(driver, cleanups, [
      usersListProjection,
      companiesProjection,
      portfolioProjection,
      groupSchemesProjection,
    ]);
    await migrateWriteModel(bed.sql);
    await ensureBuiltInPlans(bed.store, commandContext(SYSTEM));
    const project = async (checkpoint: Checkpoint) => {
      const result = await catchUpTo(bed.engine, checkpoint);
      if (result.failed.length > 0) throw new Error(JSON.stringify(result.failed));
    };
    const register = (n: number) =>
      registerCompany(
        bed.store,
        {
          username: `admin${n}`,
          password: 'secret1',
          email: `admin${n}@example.co.za`,
          firstName: 'Thandi',
          lastName: 'Nkosi',
          companyName: `Company ${n}`,
          cipNumber: `2019/10000${n}/07`,
          adminSaId: `850615500908${luhnCheckDigit('850615500908')}`,
          companyEmail: `info${n}@example.co.za`,
          companyPhone: '0821234567',
        },
        commandContext(VISITOR),
      );
    const a = await register(1);
    const b = await register(2);
    // A fresh command id per command, as every request gets.
    const asAdmin = () => commandContext({ userId: a.userId, role: 'administrator', companyId: a.companyId });

    const updated = await updateCompanyDetails(
      bed.store,
      { name: 'Company One', cipNumber: '2019/100001/07', city: 'Durban', province: 'KwaZulu-Natal', phone: '', email: '' },
      asAdmin(),
    );
    const profile = await updateProfile(
      bed.store,
      { firstName: 'Thandiwe', lastName: 'Nkosi', email: 'thandiwe@example.co.za', phone: '082 123 4567' },
      asAdmin(),
    );
    const checkout = await startSubscriptionCheckout(bed.store, bed.sql, { tier: 'starter' }, asAdmin(), 'sandbox');
    const paid = await settleSubscriptionPayment(
      bed.store,
      bed.sql,
      { checkoutId: checkout.id, provider: 'sandbox', providerPaymentId: 'pp-1', status: 'complete', amount: '299.00' },
      commandContext(SYSTEM),
    );
    await project(paid.append!.checkpoint);
    expect([updated.append?.duplicate, profile.append?.duplicate]).toEqual([false, false]);

    expect(await findCompany(bed.sql, a.companyId)).toMatchObject({
      name: 'Company One',
      city: 'Durban',
      province: 'KZN',
      phone: null,
      email: null,
      address: null,
    });
    expect(await findSubscription(bed.sql, a.companyId)).toEqual({ tier: 'starter', memberLimit: 50_000, currentMemberCount: 0 });
    expect(await listSubscriptionPayments(bed.sql, a.companyId)).toEqual([
      expect.objectContaining({
        id: checkout.id,
        tier: 'starter',
        amount: '299.00',
        status: 'paid',
        provider: 'sandbox',
        providerPaymentId: 'pp-1',
      }),
    ]);
    expect(await findUserById(bed.sql, a.userId)).toMatchObject({
      firstName: 'Thandiwe',
      email: 'thandiwe@example.co.za',
      phone: '0821234567',
      role: 'administrator',
    });

    // The other company is untouched.
    expect(await findCompany(bed.sql, b.companyId)).toMatchObject({ name: 'Company 2', phone: '0821234567', city: null });
    expect(await findSubscription(bed.sql, b.companyId)).toEqual({ tier: 'free', memberLimit: 300, currentMemberCount: 0 });
    expect(await listSubscriptionPayments(bed.sql, b.companyId)).toEqual([]);

    // The platform operator suspends company 2 and activates it again; company 1 stays suspended.
    const operator = () => commandContext({ userId: null, role: 'super_admin', companyId: null });
    await suspendCompany(bed.store, b.companyId, { reason: 'Unpaid fees' }, operator());
    await activateCompany(bed.store, b.companyId, operator());
    const suspended = await suspendCompany(bed.store, a.companyId, { reason: 'Under investigation' }, operator());
    await project(suspended.append.checkpoint);
    expect(await findCompany(bed.sql, a.companyId)).toMatchObject({ isActive: false, name: 'Company One' });
    expect(await findCompany(bed.sql, b.companyId)).toMatchObject({ isActive: true });

    // A rebuild from the log gives the same read model.
    await bed.engine.rebuild('companies');
    expect(await findCompany(bed.sql, a.companyId)).toMatchObject({ isActive: false });
    expect(await findSubscription(bed.sql, a.companyId)).toEqual({ tier: 'starter', memberLimit: 50_000, currentMemberCount: 0 });
    expect(await listSubscriptionPayments(bed.sql, a.companyId)).toHaveLength(1);
  });
});
