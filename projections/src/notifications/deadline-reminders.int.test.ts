import { businessDeadline } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { accessProjection } from '../access/access.projection.ts';
import { openClaimsBed } from '../claims/claims.fixtures.ts';
import { quietLogger, runCleanups } from '../engine/engine.fixtures.ts';
import { southAfricanDateTime } from './deadline-reminders.ts';
import { createDispatcher } from './dispatcher.ts';
import { realSmtpServer } from './notifications.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { listNotifications } from './notifications.queries.ts';
import { loadNotificationConfig, providersFrom } from './notify.config.ts';

/*
 * Issue #24's staff e-mails: a claim whose decision falls due within 4 business hours, then overdue, gives
 * each of the company's claims staff (claims:update_status in force, an e-mail) one e-mail per state, on the
 * stepped clock of the dispatcher's check; never twice (another check, a rebuild), never for a decided
 * claim, never on the free tier.
 */

/** Thursday 26 November 2026, 10:00 in South Africa: the clock starts; due Monday 30 November, 10:00. */
const STARTED = new Date('2026-11-26T08:00:00Z');
const DUE = businessDeadline(STARTED, 2);

describe.each(testDrivers())('claims staff deadline e-mails on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('e-mails each claims staff member once when a decision is due soon and once when overdue', async () => {
    const bed = await openClaimsBed(driver, cleanups, [accessProjection, notificationsProjection]);
    const smtp = await realSmtpServer();
    cleanups.push(smtp.close);
    const premium = await bed.company('Ubuntu Funerals');
    const free = await bed.company('Free Funerals');
    await bed.append(premium.companyId, null, `company-${premium.companyId}`, [
      {
        type: 'SubscriptionTierChanged',
        data: {
          companyId: premium.companyId,
          fromTier: 'free',
          toTier: 'starter',
          memberLimit: 50_000,
          paymentId: null,
          changedAt: STARTED.toISOString(),
        },
      },
    ]);
    const admin = await premium.user('Ayanda', 'Mokoena', 'administrator');
    const claimsClerk = await premium.user('Lindiwe', 'Khumalo', 'claim_admin');
    await premium.user('Bongani', 'Zulu', 'billing_clerk');
    // A claims clerk whose decision permission was revoked is not claims staff.
    const revoked = await premium.user('Zola', 'Ndlovu', 'claim_admin');
    await bed.append(premium.companyId, admin, `access-${revoked}`, [
      { type: 'UserPermissionRevoked', data: { companyId: premium.companyId, userId: revoked, permission: 'claims:update_status' } },
    ]);
    await free.user('Thabo', 'Free', 'administrator');

    const clock = (companyId: string, claimId: string) =>
      bed.append(companyId, null, `claim-${claimId}`, [
        {
          type: 'ClaimDecisionClockStarted',
          data: { claimId, companyId, startedAt: STARTED.toISOString(), decisionDueAt: DUE.toISOString(), businessDays: 2 },
        },
      ]);
    const waiting = await premium.submitClaim(admin);
    const decided = await premium.submitClaim(admin);
    const freeClaim = await free.submitClaim(null);
    for (const [companyId, claimId] of [
      [premium.companyId, waiting.claimId],
      [premium.companyId, decided.claimId],
      [free.companyId, freeClaim.claimId],
    ] as const)
      await clock(companyId, claimId);
    await premium.moveTo(admin, decided.claimId, 'under_review', 'approved');
    await bed.project();

    const now = { at: STARTED };
    const dispatcher = createDispatcher({
      sql: bed.sql,
      providers: providersFrom(loadNotificationConfig({ SMTP_URL: smtp.url, EMAIL_PER_SECOND: '1000' })),
      now: () => now.at,
      logger: quietLogger(),
    });
    const staffMail = async (companyId = premium.companyId) =>
      (await listNotifications(bed.sql, companyId, { type: 'claim_decision_due', limit: 100 })).items;

    // Running (two business days left): no reminder (the claimant's own messages go out).
    expect(await dispatcher.tick()).toMatchObject({ reminders: 0 });
    const claimantMail = smtp.received.length;
    const staffReceived = () => smtp.received.slice(claimantMail);
    // Friday 17:00: more than 4 business hours left (Monday's first 10 hours count, the weekend does not).
    now.at = new Date('2026-11-27T15:00:00Z');
    expect(await dispatcher.tick()).toMatchObject({ reminders: 0 });

    // Monday 07:00, 3 business hours left: one e-mail to each claims staff member, for the undecided claim only.
    now.at = new Date(DUE.getTime() - 3 * 3_600_000);
    expect(await dispatcher.tick()).toMatchObject({ reminders: 2, sent: 2 });
    const dueSoon = await staffMail();
    expect(dueSoon.map((r) => [r.to, r.channel, r.status, r.memberId]).sort()).toEqual(
      [
        ['ayanda.mokoena@example.co.za', 'email', 'sent', null],
        ['lindiwe.khumalo@example.co.za', 'email', 'sent', null],
      ].sort(),
    );
    expect(southAfricanDateTime(DUE)).toBe('30 November 2026 at 10:00');
    expect(dueSoon.find((r) => r.to?.startsWith('lindiwe'))).toMatchObject({
      subject: `Claim ${waiting.claimNumber}: decision due within 4 business hours`,
      text:
        `Dear Lindiwe\n\nThe decision on claim ${waiting.claimNumber} is due within 4 business hours (deadline: 30 November 2026 at 10:00).\n\n` +
        'Please open the claim and decide it, or record why it waits.\n\nKind regards,\nUbuntu Funerals',
      createdAt: now.at.toISOString(),
    });
    expect(staffReceived()).toHaveLength(2);
    expect(staffReceived().join('\n')).toContain(`Subject: Claim ${waiting.claimNumber}: decision due within 4 business hours`);

    // Another check, a restart, a rebuild of the outbox projector: nothing new.
    expect(await dispatcher.tick()).toMatchObject({ reminders: 0, sent: 0 });
    await bed.engine.rebuild('notifications');
    await bed.project();
    const restarted = createDispatcher({
      sql: bed.sql,
      providers: providersFrom(loadNotificationConfig({ SMTP_URL: smtp.url, EMAIL_PER_SECOND: '1000' })),
      now: () => now.at,
      logger: quietLogger(),
    });
    expect(await restarted.tick()).toMatchObject({ reminders: 0, sent: 0 });

    // A minute past the deadline: overdue, once more to each; then never again.
    now.at = new Date(DUE.getTime() + 60_000);
    expect(await restarted.tick()).toMatchObject({ reminders: 2, sent: 2 });
    const all = await staffMail();
    expect(all).toHaveLength(4);
    expect(all.filter((r) => r.subject === `Claim ${waiting.claimNumber}: decision overdue`)).toHaveLength(2);
    now.at = new Date(DUE.getTime() + 86_400_000);
    expect(await restarted.tick()).toMatchObject({ reminders: 0, sent: 0 });
    expect(staffReceived()).toHaveLength(4);
    // The free tier's staff get none (staff e-mails are the Premium Plan's); the decided claim none.
    expect(await staffMail(free.companyId)).toEqual([]);
    expect(all.some((r) => r.subject?.includes(decided.claimNumber))).toBe(false);
    expect(claimsClerk).toBeTruthy();
  });

  it('records a claim overdue for days when first checked as not sent late, and sends nothing for it', async () => {
    const bed = await openClaimsBed(driver, cleanups, [accessProjection, notificationsProjection]);
    const premium = await bed.company('Ubuntu Funerals');
    await bed.append(premium.companyId, null, `company-${premium.companyId}`, [
      {
        type: 'SubscriptionTierChanged',
        data: {
          companyId: premium.companyId,
          fromTier: 'free',
          toTier: 'starter',
          memberLimit: 50_000,
          paymentId: null,
          changedAt: STARTED.toISOString(),
        },
      },
    ]);
    await premium.user('Lindiwe', 'Khumalo', 'claim_admin');
    const claim = await premium.submitClaim(null);
    await bed.append(premium.companyId, null, `claim-${claim.claimId}`, [
      {
        type: 'ClaimDecisionClockStarted',
        data: {
          claimId: claim.claimId,
          companyId: premium.companyId,
          startedAt: STARTED.toISOString(),
          decisionDueAt: DUE.toISOString(),
          businessDays: 2,
        },
      },
    ]);
    await bed.project();
    const dispatcher = createDispatcher({
      sql: bed.sql,
      providers: {},
      now: () => new Date(DUE.getTime() + 4 * 86_400_000),
      logger: quietLogger(),
    });
    expect(await dispatcher.tick()).toMatchObject({ reminders: 1, sent: 0 });
    const [row] = (await listNotifications(bed.sql, premium.companyId, { type: 'claim_decision_due' })).items;
    expect(row).toMatchObject({ status: 'not_sent', reason: 'overdue for more than 72 hours when first checked: not sent late' });
  });
});
