import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import {
  fakeSmsPortal,
  fakeTwilio,
  realSmtpServer,
  type FakeSms,
  type FakeSmtp,
} from '../../projections/src/notifications/notifications.fixtures.ts';
import { twilioSignature } from '../../projections/src/notifications/receipts.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { payForPremium, premiumCompany } from './subscription.testing.ts';
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
    ({ admin, companyId, typeId } = await premiumCompany(t));
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
    expect(sms.received[0]!.content).toMatch(/^.+: welcome Thandi\. Policy .+ covers R 20 000,00; waiting period ends .+\. To claim call /);
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
    // The cost estimate at the default prices: R 0.25 an SMS part, nothing an e-mail.
    const counts = (await t.request('GET', '/api/notifications/counts', undefined, { token: admin })).body.months;
    expect(counts).toContainEqual(expect.objectContaining({ channel: 'sms', sent: 1, estimatedCost: '0.25' }));
    expect(counts).toContainEqual(expect.objectContaining({ channel: 'email', sent: 1, estimatedCost: '0.00' }));
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
    // The provider's status shows the refusal (a wrong key or number shows here).
    const statuses = await t.request('GET', '/api/notifications/providers', undefined, { token: admin });
    expect(statuses.body.providers).toEqual([
      { channel: 'sms', provider: 'smsportal', lastError: '400: Invalid destination number', lastErrorAt: expect.any(String) },
      { channel: 'email', provider: 'smtp', lastError: null, lastErrorAt: null },
    ]);
    const graphqlStatuses = await t.graphql('{ notificationProviders { channel provider lastError } }', {}, admin);
    expect(graphqlStatuses.body).toEqual({
      data: {
        notificationProviders: [
          { channel: 'sms', provider: 'smsportal', lastError: '400: Invalid destination number' },
          { channel: 'email', provider: 'smtp', lastError: null },
        ],
      },
    });
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

describe.each(testDrivers())('Twilio delivery receipts on $name', (driver) => {
  const CALLBACK = 'https://fpa.example.co.za/api/notifications/receipts/twilio';
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
  let admin: string;

  beforeAll(async () => {
    twilio = await fakeTwilio();
    t = await startTestApp(
      driver,
      {},
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'token-secret',
        TWILIO_FROM: '+27870000000',
        TWILIO_BASE_URL: twilio.url,
        TWILIO_STATUS_CALLBACK_URL: CALLBACK,
      },
    );
    await t.services.dispatcher!.stop();
    t.services.now = () => new Date('2026-11-26T08:00:00Z');
    admin = (await t.request('POST', '/api/register', registration())).body.token;
    await payForPremium(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });

  const receipt = (params: Record<string, string>, signature = twilioSignature('token-secret', CALLBACK, new URLSearchParams(params))) =>
    t.request('POST', '/api/notifications/receipts/twilio', new URLSearchParams(params).toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    });

  it('marks a message delivered or failed from a signed receipt, and refuses a bad signature, changing nothing', async () => {
    const typeId = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Basic', coverageAmount: '10000', monthlyPremium: '80', waitingPeriod: 6 },
        { token: admin },
      )
    ).body.id;
    const first = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Ayanda' }), { token: admin });
    const second = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Naledi', phone: '0731234567' }), {
      token: admin,
    });
    expect(await t.services.dispatcher!.tick()).toMatchObject({ sent: 2 });
    expect(twilio.received.map((form) => form.get('StatusCallback'))).toEqual([CALLBACK, CALLBACK]);
    // The fake answers SM…1, SM…2 in the order the messages reached it (the dispatcher sends them side by side).
    const sidTo = (phone: string) => `SM${String(twilio.received.findIndex((form) => form.get('To') === phone) + 1).padStart(32, '0')}`;
    const sids = [sidTo('+27821234567'), sidTo('+27731234567')];
    const of = async (memberId: string) =>
      (await t.request('GET', `/api/notifications?memberId=${memberId}`, undefined, { token: admin })).body.items[0];
    const delivered = { MessageSid: sids[0]!, MessageStatus: 'delivered', AccountSid: 'AC123' };

    const forged = await receipt(delivered, 'bm90IHRoZSBzaWduYXR1cmU=');
    expect(forged.status).toBe(403);
    expect(await of(first.body.id)).toMatchObject({ status: 'sent' });
    expect((await receipt({ ...delivered, MessageStatus: 'delivered' }, '')).status).toBe(403);

    expect((await receipt(delivered)).body).toEqual({ ok: true, outcome: 'delivered' });
    expect(await of(first.body.id)).toMatchObject({ status: 'delivered' });
    expect((await receipt({ MessageSid: sids[1]!, MessageStatus: 'undelivered', ErrorCode: '30003' })).body).toEqual({
      ok: true,
      outcome: 'failed',
    });
    expect(await of(second.body.id)).toMatchObject({ status: 'failed', reason: 'undelivered by the network (Twilio error 30003)' });
    // A receipt for a message this outbox never sent changes nothing.
    expect((await receipt({ MessageSid: 'SMunknown', MessageStatus: 'delivered' })).body).toEqual({ ok: true, outcome: 'ignored' });
  });
});
