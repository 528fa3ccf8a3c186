import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDeadline } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { fakeSmsPortal, realSmtpServer, type FakeSms, type FakeSmtp } from '../../projections/src/notifications/notifications.fixtures.ts';
import { caller, companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { payForPremium } from './subscription.testing.ts';
import { startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #24 through HTTP: SMSPortal's delivery reports (its webhook, protected by the deployment's secret
 * token in the URL) mark a message delivered or failed; and the claims staff's e-mail when a claim's
 * decision falls due within 4 business hours, then overdue, shows in GET /api/notifications (and GraphQL)
 * once per staff member and state after the clock is stepped.
 */

const TOKEN = 'whk_3f9a1c0e7b2d4a6f8e1c3b5d7f9a2c4e';
const HOOK = `/api/notifications/receipts/smsportal/${TOKEN}`;

describe.each(testDrivers())('SMSPortal delivery receipts and staff deadline e-mails on $name', (driver) => {
  let t: TestApp;
  let sms: FakeSms;
  let smtp: FakeSmtp;
  let now: Date;
  let admin: string;
  let clerk: string;
  let typeId: string;
  const at = (instant: Date) => {
    now = instant;
    t.services.now = () => now;
  };

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
        SMSPORTAL_WEBHOOK_TOKEN: TOKEN,
        SMTP_URL: smtp.url,
        SMS_PER_SECOND: '1000',
        EMAIL_PER_SECOND: '1000',
      },
    );
    // The test sends by hand (tick) on a clock it steps; frozen at the real time (a claim's death is today's).
    await t.services.dispatcher!.stop();
    at(new Date());
    const staff = await companyWithStaff(t, ['claim_admin']);
    admin = staff.tokens.administrator!;
    clerk = staff.tokens.claim_admin!;
    await payForPremium(t, admin);
    typeId = (
      await caller(t, admin)('POST', '/api/policy-types', {
        name: 'Basic',
        coverageAmount: '10000',
        monthlyPremium: '80',
        waitingPeriod: 0,
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
    await smtp?.close();
  });

  const report = (body: unknown, path = HOOK) => t.request('POST', path, body);
  const list = async (query: string) => (await t.request('GET', `/api/notifications?${query}`, undefined, { token: admin })).body;

  it('marks an SMS delivered or failed from SMSPortal’s report; a wrong token, a bad body or an unknown message changes nothing', async () => {
    // 10:00 in South Africa on a weekday: no quiet hours.
    const saved = now;
    at(new Date('2026-11-26T08:00:00Z'));
    const first = await caller(t, admin)('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Ayanda' }));
    const second = await caller(t, admin)('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Naledi', phone: '0731234567' }));
    await t.services.dispatcher!.tick();
    const sms0 = async (memberId: string) => (await list(`memberId=${memberId}&channel=sms`)).items[0];
    // The fake answers eventId 1001, 1002… in the order the messages reached it.
    const eventOf = (phone: string) => 1001 + sms.received.findIndex((m) => m.destination === phone);
    expect(await sms0(first.id)).toMatchObject({ status: 'sent' });

    const delivered = { EventId: eventOf('27821234567'), Status: 'DELIVRD', Msisdn: '27821234567', MsgCount: 1, Received: 1764144000 };
    expect((await report(delivered, '/api/notifications/receipts/smsportal/not-the-deployment-token')).status).toBe(403);
    expect(await sms0(first.id)).toMatchObject({ status: 'sent' });
    for (const bad of [
      { Status: 'DELIVRD' },
      { EventId: 'abc', Status: 'DELIVRD' },
      { EventId: 5, Status: 42 },
      [],
      [{ EventId: 5, Status: 'DELIVRD' }, 7],
    ]) {
      const refused = await report(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('EventId');
    }
    expect(await sms0(first.id)).toMatchObject({ status: 'sent' });

    expect((await report(delivered)).body).toEqual({ ok: true, outcomes: ['delivered'] });
    expect(await sms0(first.id)).toMatchObject({ status: 'delivered' });
    const failed = await report({ EventId: eventOf('27731234567'), Status: 'UNDELIV', Msisdn: '27731234567' });
    expect(failed.body).toEqual({ ok: true, outcomes: ['failed'] });
    expect(await sms0(second.id)).toMatchObject({
      status: 'failed',
      reason: 'undelivered by the network: the number is inactive or unreachable (SMSPortal UNDELIV)',
    });
    // A report for a message this outbox never sent, or an in-between status: 200, nothing changed.
    expect((await report({ EventId: 999999, Status: 'DELIVRD' })).body).toEqual({ ok: true, outcomes: ['ignored'] });
    expect((await report([{ EventId: eventOf('27731234567'), Status: 'SUBMITD' }])).body).toEqual({ ok: true, outcomes: ['ignored'] });
    expect(await sms0(second.id)).toMatchObject({ status: 'failed' });
    at(saved);
  });

  it('e-mails the claims staff once when a decision is due within 4 business hours and once when overdue, listed with the others', async () => {
    at(new Date());
    const policyId = (await caller(t, admin)('POST', '/api/members', mainMemberBody(typeId, { firstName: 'Sizwe', phone: '0741234567' })))
      .policyId;
    const claim = await submitClaim(t, admin, policyId, { deceasedSaId: nextSaId(), claimantSaId: nextSaId() });
    const documents = (await caller(t, admin)('GET', `/api/claims/${claim.id}`)).documents as { id: string }[];
    for (const d of documents) await caller(t, admin)('PATCH', `/api/documents/${d.id}`, { status: 'verified' });
    const due = businessDeadline(now, 2);
    // The company's own words for it (Settings → Message templates); a policyholder's placeholder is refused.
    const words = 'Hi {firstName}: claim {claimNumber} is {state} (deadline {dueAt}).';
    const refusedWords = await t.request(
      'PUT',
      '/api/notifications/templates/claim_decision_due',
      { subject: 'Claim {claimNumber}: decision {state}', sms: '{claimNumber}', email: 'Claim {claimNumber} of {policyNumber}' },
      { token: admin },
    );
    expect(refusedWords.status).toBe(400);
    expect(refusedWords.body.message).toContain('{policyNumber} is not a placeholder of the Claim decision due (staff) message');
    const put = await t.request(
      'PUT',
      '/api/notifications/templates/claim_decision_due',
      { subject: 'Claim {claimNumber}: decision {state}', sms: 'Claim {claimNumber}: {state}', email: words },
      { token: admin },
    );
    expect(put.status).toBe(200);
    const staffMail = async () => (await list('type=claim_decision_due')).items as { to: string; status: string; text: string }[];
    await t.services.dispatcher!.tick();
    expect(await staffMail()).toEqual([]);

    // An hour before the deadline: one e-mail to the administrator and one to the claims clerk.
    at(new Date(due.getTime() - 3_600_000));
    expect(await t.services.dispatcher!.tick()).toMatchObject({ reminders: 2 });
    const soon = await staffMail();
    expect(soon.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(soon.map((r) => r.to).every((to) => /@example\.co\.za$/.test(to))).toBe(true);
    expect(soon.find((r) => r.text.startsWith('Hi Lindiwe'))?.text).toMatch(
      new RegExp(
        `^Hi Lindiwe: claim ${claim.claimNumber} is due within 4 business hours \\(deadline \\d{1,2} \\w+ \\d{4} at \\d\\d:\\d\\d\\)\\.$`,
      ),
    );
    expect(soon[0]).toMatchObject({
      type: 'claim_decision_due',
      channel: 'email',
      memberId: null,
      subject: `Claim ${claim.claimNumber}: decision due within 4 business hours`,
    });
    expect(await t.services.dispatcher!.tick()).toMatchObject({ reminders: 0 });

    // Past the deadline: once more each, then no more; GraphQL lists the same rows.
    at(new Date(due.getTime() + 60_000));
    expect(await t.services.dispatcher!.tick()).toMatchObject({ reminders: 2 });
    at(new Date(due.getTime() + 3_600_000));
    expect(await t.services.dispatcher!.tick()).toMatchObject({ reminders: 0 });
    const all = await staffMail();
    expect(all).toHaveLength(4);
    expect(all.filter((r) => r.text.includes(`claim ${claim.claimNumber} is overdue`))).toHaveLength(2);
    const graphql = await t.graphql(`{ notifications(type: claim_decision_due) { total items { to status } } }`, {}, admin);
    expect(graphql.body.data.notifications.total).toBe(4);
    // The claims clerk is told, but the outbox is the administrator's page (notifications:read).
    expect((await t.request('GET', '/api/notifications', undefined, { token: clerk })).status).toBe(403);
    expect(smtp.received.filter((m) => m.includes(`Subject: Claim ${claim.claimNumber}: decision`))).toHaveLength(4);
  });
});
