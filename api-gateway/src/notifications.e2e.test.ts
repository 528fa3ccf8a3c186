import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { fakeSmsPortal, realSmtpServer, type FakeSms, type FakeSmtp } from '../../projections/src/notifications/notifications.fixtures.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { pressSandboxButton } from './subscription.testing.ts';
import { registration, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #24 through HTTP: a Premium Plan company's new member gets the welcome by SMS (SMSPortal's API,
 * a fake server) and e-mail (a real SMTP server); the administrator sees each message and its status
 * (REST and GraphQL agree), resends a failed one; other roles are refused; a free-tier company's member
 * gets nothing (only the legal notice is sent on the free tier).
 */

const LIST = `query List($memberId: ID, $status: NotificationStatus) {
  notifications(memberId: $memberId, status: $status) { total items { id type channel to text status reason sentAt } }
  notificationCounts { month channel sent failed notSent queued }
}`;
const RESEND = `mutation Resend($id: ID!) { resendNotification(id: $id) { id status reason } }`;

describe.each(testDrivers())('notifications through the gateway on $name', (driver) => {
  let t: TestApp;
  let sms: FakeSms;
  let smtp: FakeSmtp;
  let admin: string;
  let companyId: string;
  let typeId: string;

  beforeAll(async () => {
    sms = await fakeSmsPortal();
    smtp = await realSmtpServer();
    t = await startTestApp(
      driver,
      {},
      {
        SMS_PROVIDER: 'smsportal',
        SMSPORTAL_CLIENT_ID: 'client',
        SMSPORTAL_API_SECRET: 'secret',
        SMSPORTAL_BASE_URL: sms.url,
        SMTP_URL: smtp.url,
        SMS_PER_SECOND: '1000',
      },
    );
    // The test sends by hand (tick), on a clock it sets: 10:00 in South Africa.
    await t.services.dispatcher!.stop();
    t.services.now = () => new Date('2026-11-26T08:00:00Z');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    const checkout = await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token: admin });
    await pressSandboxButton(t, checkout.body.redirectUrl, 'pay');
    typeId = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Family 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token: admin },
      )
    ).body.id;
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
    await smtp?.close();
  });

  it('sends a new member the welcome by SMS and e-mail, and shows each message with its status', async () => {
    const member = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Thandi', email: 'thandi@example.co.za' }), {
      token: admin,
    });
    expect(member.status).toBe(201);
    const queued = await t.request('GET', `/api/notifications?memberId=${member.body.id}`, undefined, { token: admin });
    expect(queued.status).toBe(200);
    expect(queued.body.items.map((n: { channel: string; status: string }) => `${n.channel}:${n.status}`).sort()).toEqual([
      'email:queued',
      'sms:queued',
    ]);
    expect(await t.services.dispatcher!.tick()).toMatchObject({ sent: 2, failed: 0 });
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]).toMatchObject({ destination: '27821234567' });
    expect(sms.received[0]!.content).toMatch(/^.+: welcome Thandi\. Your funeral policy .+ covers R 20 000,00; the waiting period ends /);
    expect(smtp.received).toHaveLength(1);
    const listed = await t.graphql(LIST, { memberId: member.body.id }, admin);
    expect(listed.body.errors).toBeUndefined();
    const items = listed.body.data.notifications.items as { channel: string; status: string; to: string; sentAt: string }[];
    expect(items.map((n) => [n.channel, n.status, n.to]).sort()).toEqual([
      ['email', 'sent', 'thandi@example.co.za'],
      ['sms', 'sent', '+27821234567'],
    ]);
    expect(items.every((n) => n.sentAt === '2026-11-26T08:00:00.000Z')).toBe(true);
    const rest = await t.request('GET', `/api/notifications?memberId=${member.body.id}&channel=sms`, undefined, { token: admin });
    expect(rest.body.items).toHaveLength(1);
    expect(listed.body.data.notificationCounts).toContainEqual(expect.objectContaining({ channel: 'sms', sent: 1 }));
  });

  it('records the provider reason of a refusal, and resends the failed message on request', async () => {
    const member = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Bongani' }), { token: admin });
    sms.answers.push(400);
    expect(await t.services.dispatcher!.tick()).toMatchObject({ failed: 1 });
    const failed = (await t.request('GET', `/api/notifications?memberId=${member.body.id}&status=failed`, undefined, { token: admin })).body
      .items;
    expect(failed).toEqual([
      expect.objectContaining({ channel: 'sms', status: 'failed', reason: '400: Invalid destination number', sentAt: null }),
    ]);
    // A sent message is not sent again.
    const sent = (await t.request('GET', '/api/notifications?status=sent', undefined, { token: admin })).body.items[0];
    expect((await t.request('POST', `/api/notifications/${sent.id}/resend`, undefined, { token: admin })).status).toBe(409);
    const resent = await t.graphql(RESEND, { id: failed[0].id }, admin);
    expect(resent.body.data.resendNotification).toMatchObject({ status: 'queued', reason: null });
    expect(await t.services.dispatcher!.tick()).toMatchObject({ sent: 1 });
    const after = await t.request('GET', `/api/notifications?memberId=${member.body.id}`, undefined, { token: admin });
    expect(after.body.items[0]).toMatchObject({ status: 'sent', reason: null });
  });

  it('refuses other roles, unknown or malformed ids and bad filters, changing nothing', async () => {
    const clerk = await staffToken(t, companyId, 'billing_clerk');
    expect((await t.request('GET', '/api/notifications', undefined, { token: clerk })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/notifications/00000000-0000-4000-8000-000000000001/resend', undefined, { token: admin })).status,
    ).toBe(404);
    expect((await t.request('POST', '/api/notifications/not-a-uuid/resend', undefined, { token: admin })).status).toBe(404);
    const bad = await t.request('GET', '/api/notifications?channel=fax&from=2026-13-01', undefined, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['channel', 'from']);
  });

  it("sends a free-tier company's members nothing but the legal notice", async () => {
    const free = (await t.request('POST', '/api/register', registration())).body.token;
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Basic', coverageAmount: '10000', monthlyPremium: '80', waitingPeriod: 6 },
        { token: free },
      )
    ).body.id;
    const member = await t.request('POST', '/api/members', mainMemberBody(type, { email: 'free@example.co.za' }), { token: free });
    expect(member.status).toBe(201);
    expect((await t.request('GET', '/api/notifications', undefined, { token: free })).body).toEqual({ items: [], total: 0 });
  });
});
