import { randomUUID } from 'node:crypto';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { premiumPaid, thandisPolicy } from './notifications.fixtures.ts';
import { listNotifications } from './notifications.queries.ts';
import { listNotificationTemplates } from './templates.ts';

/** Issue #24: a company's own words are used for the messages written while they are in force. */
describe.each(testDrivers())('notification templates in the outbox on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('renders each message with the template in force at its event; a rebuild changes and adds nothing', async () => {
    const bed = await openPortfolioBed(driver, cleanups, [notificationsProjection]);
    const life = await thandisPolicy(bed, { memberEmail: null, paidUpTo: '2026-01-31' });
    const { companyId, stream } = life;
    const templates = `notification-templates-${companyId}`;
    const payment = (day: string) => premiumPaid(life, randomUUID(), { paymentDate: day, paymentMethod: 'cash' });
    await stream(templates, {
      type: 'NotificationTemplateSet',
      data: {
        companyId,
        messageType: 'premium_received',
        subject: 'Receipt {policyNumber}',
        sms: 'Siyabonga {firstName}! {amount} for {policyNumber} ({month}) - {companyName}',
        email: 'Dear {firstName}, {amount} received.',
        setAt: '2026-02-01T08:00:00.000Z',
      },
    });
    await stream(`payment-1`, payment('2026-02-03'));
    await stream(templates, {
      type: 'NotificationTemplateReset',
      data: { companyId, messageType: 'premium_received', resetAt: '2026-02-10T08:00:00.000Z' },
    });
    await stream(`payment-2`, payment('2026-03-03'));
    await bed.project();

    const texts = async () => (await listNotifications(bed.sql, companyId)).items.map((n) => `${n.type}: ${n.text}`).sort();
    const expected = [
      'premium_received: Siyabonga Thandi! R 150,00 for POL-000123 (February 2026) - Ubuntu Funerals',
      // Paid up to 31 January when migrated; February's and March's premiums since: to the end of March.
      'premium_received: Ubuntu Funerals: premium of R 150,00 for policy POL-000123 received 3 March 2026 (March 2026); paid up to 31 March 2026. Thank you.',
    ];
    expect(await texts()).toEqual(expected);
    expect((await listNotificationTemplates(bed.sql, companyId)).find((t) => t.type === 'premium_received')).toMatchObject({
      isDefault: true,
    });

    // A template set now does not rewrite what was written; a rebuild renders each row as it was, and adds none.
    await stream(templates, {
      type: 'NotificationTemplateSet',
      data: {
        companyId,
        messageType: 'premium_received',
        subject: 'S',
        sms: 'New words {amount}',
        email: 'E',
        setAt: '2026-03-10T08:00:00.000Z',
      },
    });
    await bed.project();
    const before = (await listNotifications(bed.sql, companyId)).items;
    await bed.engine.rebuild('notifications');
    await bed.project();
    expect((await listNotifications(bed.sql, companyId)).items).toEqual(before);
    expect(await texts()).toEqual(expected);
    const [own] = (await listNotificationTemplates(bed.sql, companyId)).filter((t) => t.type === 'premium_received');
    expect(own).toMatchObject({ isDefault: false, sms: 'New words {amount}', channels: ['sms'] });
  });
});
