import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { findMemberCommunication, listNotifications } from './notifications.queries.ts';

/** Issue #24, POPIA: a member's opt-out holds except for the legal notice; a preferred channel carries the message alone. */
describe.each(testDrivers())("a member's communication preferences in the outbox on $name", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('opted out: only the non-payment notice (both channels); preferring e-mail: a receipt by e-mail only', async () => {
    const bed = await openPortfolioBed(driver, cleanups, [notificationsProjection]);
    const [companyId, memberId, policyId] = [randomUUID(), randomUUID(), randomUUID()];
    const stream = (streamId: string, ...events: NewEvent[]) => bed.append(companyId, [{ streamId, events }]);
    const choose = (preferredChannel: string, optedOut: boolean): NewEvent => ({
      type: 'MemberCommunicationSet',
      data: { memberId, companyId, preferredChannel, optedOut, setAt: '2026-01-01T08:00:00.000Z' },
    });
    const payment = (day: string): NewEvent => ({
      type: 'PaymentRecorded',
      data: {
        paymentId: randomUUID(),
        companyId,
        policyId,
        policyNumber: 'POL-000123',
        memberId,
        memberName: 'Thandi Nkosi',
        amount: '150',
        paymentDate: day,
        paymentMethod: 'cash',
        reference: null,
        notes: null,
        status: 'completed',
        groupSchemeId: null,
        groupPaymentId: null,
      },
    });
    await stream(`company-${companyId}`, {
      type: 'CompanyRegistered',
      data: {
        companyId,
        name: 'Ubuntu Funerals',
        email: null,
        cipNumber: '2020/123456/07',
        phone: '011 555 1234',
        fspNumber: null,
        tier: 'starter',
        memberLimit: 300,
      },
    });
    await stream(
      `member-${memberId}`,
      {
        type: 'MemberRegistered',
        data: {
          memberId,
          companyId,
          mainMemberId: null,
          firstName: 'Thandi',
          lastName: 'Nkosi',
          email: 'thandi@example.co.za',
          phone: '082 123 4567',
          saId: null,
          policyId: null,
          source: 'manual',
        },
      },
      choose('both', true),
    );
    await stream(`policy-${policyId}`, {
      type: 'PolicyIssued',
      data: {
        policyId,
        companyId,
        policyNumber: 'POL-000123',
        memberId,
        policyTypeId: randomUUID(),
        coverageAmount: '15000',
        monthlyPremium: '150',
        waitingPeriod: 6,
        startDate: '2026-01-01',
        agentId: null,
      },
    });
    await stream('payment-1', payment('2026-02-03'));
    await stream(`policy-${policyId}`, {
      type: 'NonPaymentNoticeIssued',
      data: {
        policyId,
        companyId,
        policyNumber: 'POL-000123',
        issuedOn: '2026-04-05',
        missed: [{ period: '2026-04', dueDate: '2026-04-01', unpaid: '150.00' }],
        arrears: '150.00',
        graceEndsOn: '2026-05-01',
        channel: 'sms',
        to: '0821234567',
        text: 'Ubuntu Funerals: we have not received your premium for April 2026 on funeral policy POL-000123.',
      },
    });
    await bed.project();
    const kinds = async () => (await listNotifications(bed.sql, companyId)).items.map((n) => `${n.type}/${n.channel}`).sort();
    expect(await kinds()).toEqual(['non_payment_notice/email', 'non_payment_notice/sms']);
    expect(await findMemberCommunication(bed.sql, companyId, memberId)).toEqual({ memberId, preferredChannel: 'both', optedOut: true });

    // Back in, by e-mail only: the SMS-only receipt goes by e-mail, in the type's e-mail words.
    await stream(`member-${memberId}`, choose('email', false));
    await stream('payment-2', payment('2026-05-03'));
    await bed.project();
    expect(await kinds()).toEqual(['non_payment_notice/email', 'non_payment_notice/sms', 'premium_received/email']);
    const receipt = (await listNotifications(bed.sql, companyId, { type: 'premium_received' })).items[0]!;
    expect(receipt).toMatchObject({ to: 'thandi@example.co.za', subject: 'Premium received for policy POL-000123' });

    // SMS only; a rebuild writes nothing new.
    await stream(`member-${memberId}`, choose('sms', false));
    await stream('payment-3', payment('2026-06-03'));
    await bed.project();
    const before = await kinds();
    expect(before).toEqual(['non_payment_notice/email', 'non_payment_notice/sms', 'premium_received/email', 'premium_received/sms']);
    await bed.engine.rebuild('notifications');
    await bed.project();
    expect(await kinds()).toEqual(before);
  });
});
