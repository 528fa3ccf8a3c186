import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { aprilNotice, premiumPaid, thandisPolicy } from './notifications.fixtures.ts';
import { findMemberCommunication, listNotifications } from './notifications.queries.ts';

/** Issue #24, POPIA: a member's opt-out holds except for the legal notice; a preferred channel carries the message alone. */
describe.each(testDrivers())("a member's communication preferences in the outbox on $name", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('opted out: only the non-payment notice (both channels); preferring e-mail: a receipt by e-mail only', async () => {
    const bed = await openPortfolioBed(driver, cleanups, [notificationsProjection]);
    const choose =
      (preferredChannel: string, optedOut: boolean) =>
      (ids: { companyId: string; memberId: string }): NewEvent => ({
        type: 'MemberCommunicationSet',
        data: { ...ids, preferredChannel, optedOut, setAt: '2026-01-01T08:00:00.000Z' },
      });
    const life = await thandisPolicy(bed, { withMember: (ids) => [choose('both', true)(ids)] });
    const { companyId, memberId, stream } = life;
    const payment = (day: string) => premiumPaid(life, randomUUID(), { paymentDate: day, paymentMethod: 'cash' });
    await stream('payment-1', payment('2026-02-03'));
    await stream(`policy-${life.policyId}`, aprilNotice(life));
    await bed.project();
    const kinds = async () => (await listNotifications(bed.sql, companyId)).items.map((n) => `${n.type}/${n.channel}`).sort();
    expect(await kinds()).toEqual(['non_payment_notice/email', 'non_payment_notice/sms']);
    expect(await findMemberCommunication(bed.sql, companyId, memberId)).toEqual({ memberId, preferredChannel: 'both', optedOut: true });

    // Back in, by e-mail only: the SMS-only receipt goes by e-mail, in the type's e-mail words.
    await stream(`member-${memberId}`, choose('email', false)(life));
    await stream('payment-2', payment('2026-05-03'));
    await bed.project();
    expect(await kinds()).toEqual(['non_payment_notice/email', 'non_payment_notice/sms', 'premium_received/email']);
    const receipt = (await listNotifications(bed.sql, companyId, { type: 'premium_received' })).items[0]!;
    expect(receipt).toMatchObject({ to: 'thandi@example.co.za', subject: 'Premium received for policy POL-000123' });

    // SMS only; a rebuild writes nothing new.
    await stream(`member-${memberId}`, choose('sms', false)(life));
    await stream('payment-3', payment('2026-06-03'));
    await bed.project();
    const before = await kinds();
    expect(before).toEqual(['non_payment_notice/email', 'non_payment_notice/sms', 'premium_received/email', 'premium_received/sms']);
    await bed.engine.rebuild('notifications');
    await bed.project();
    expect(await kinds()).toEqual(before);
  });
});
