import { randomUUID } from 'node:crypto';
import { testDrivers } from '@fpa/write-model/testing';
import { smsSegments } from '@fpa/write-model/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { quietLogger, runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { createDispatcher, NO_PROVIDER, type DispatcherOptions } from './dispatcher.ts';
import { fakeSmsPortal, policyholderLife, premiumPaid, realSmtpServer } from './notifications.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { listNotifications } from './notifications.queries.ts';
import { loadNotificationConfig, providersFrom } from './notify.config.ts';

/** 10:00 in South Africa on a weekday (outside quiet hours). */
const MORNING = new Date('2026-11-26T08:00:00Z');

describe.each(testDrivers())('notifications outbox and dispatcher on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  async function setUp(tier = 'starter') {
    const bed = await openPortfolioBed(driver, cleanups, [notificationsProjection]);
    const sms = await fakeSmsPortal();
    const smtp = await realSmtpServer();
    cleanups.push(sms.close, smtp.close);
    const life = await policyholderLife(bed, tier);
    await bed.project();
    const clock = { now: MORNING };
    const env = {
      SMS_PROVIDER: 'smsportal',
      SMSPORTAL_CLIENT_ID: 'client',
      SMSPORTAL_API_SECRET: 'secret',
      SMSPORTAL_BASE_URL: sms.url,
      SMTP_URL: smtp.url,
      SMS_PER_SECOND: '1000',
      EMAIL_PER_SECOND: '1000',
    };
    const dispatcher = (overrides: Partial<DispatcherOptions> = {}) =>
      createDispatcher({
        sql: bed.sql,
        providers: providersFrom(loadNotificationConfig(env)),
        now: () => clock.now,
        logger: quietLogger(),
        ...overrides,
      });
    const outbox = async () => (await listNotifications(bed.sql, life.companyId, { limit: 1000 })).items;
    return { bed, sms, smtp, life, clock, dispatcher, outbox };
  }

  it('queues exactly one message per event and channel with the right words, and sends each once', async () => {
    const { sms, smtp, dispatcher, outbox, life } = await setUp();
    const rows = await outbox();
    const kinds = rows.map((r) => `${r.type}/${r.channel}`).sort();
    expect(kinds).toEqual(
      [
        'claim_approved/email',
        'claim_approved/sms',
        'claim_paid/email',
        'claim_paid/sms',
        'claim_received/email',
        'claim_received/email',
        'claim_received/sms',
        'claim_received/sms',
        'claim_rejected/email',
        'claim_rejected/sms',
        'debit_unpaid/sms',
        'non_payment_notice/email',
        'non_payment_notice/sms',
        'policy_issued/email',
        'policy_issued/sms',
        'policy_lapsed/email',
        'policy_lapsed/sms',
        'policy_reinstated/email',
        'policy_reinstated/sms',
        'premium_received/sms',
      ].sort(),
    );
    expect(rows.every((r) => r.status === 'queued' && r.memberId === life.memberId)).toBe(true);
    const text = (type: string, channel = 'sms') => rows.find((r) => r.type === type && r.channel === channel)!;
    expect(text('policy_issued').to).toBe('+27821234567');
    expect(text('policy_issued').text).toBe(
      'Ubuntu Funerals: welcome Thandi. Policy POL-000123 covers R 15 000,00; waiting period ends 1 July 2026. To claim call 011 555 1234.',
    );
    expect(text('premium_received').text).toBe(
      // Paid-up-to after this payment (R 1 234,50 at R 150 a month from January: eight months, to the end of August).
      'Ubuntu Funerals: premium of R 1 234,50 for policy POL-000123 received 3 February 2026 (February 2026); paid up to 31 August 2026. Thank you.',
    );
    expect(text('non_payment_notice').text).toBe(
      'Ubuntu Funerals: we have not received your premium for April 2026 on funeral policy POL-000123.',
    );
    expect(text('non_payment_notice', 'email')).toMatchObject({
      to: 'thandi@example.co.za',
      legallyRequired: true,
      subject: 'Unpaid premium on policy POL-000123',
    });
    expect(text('policy_lapsed').text).toContain('lapsed on 2 May 2026');
    expect(text('claim_rejected').text).toBe(
      'Ubuntu Funerals: your claim CLM-002 is rejected: Death within the waiting period: Death on 2026-02-01. Contact us on 011 555 1234 with any questions.',
    );
    expect(text('claim_approved').to).toBe('+27835550000');
    expect(text('claim_paid').text).toBe('Ubuntu Funerals: your claim CLM-001 was paid: R 15 000,00 on 3 July 2026.');
    expect(text('debit_unpaid').text).toContain('returned unpaid (not provided for). Pay by EFT, reference POL-000123');
    // Each SMS fits one part (160 GSM-7 characters) for this company: a second part doubles the cost.
    expect(rows.filter((r) => r.channel === 'sms' && smsSegments(r.text).segments > 1).map((r) => r.type)).toEqual([]);
    // Plain spaces only: a no-break space from Intl would make an SMS UCS-2.
    expect(rows.some((r) => /[\u00a0\u202f]/.test(r.text))).toBe(false);

    const summary = await dispatcher().tick();
    expect(summary).toEqual({ sent: 20, failed: 0, retrying: 0, notSent: 0, reminders: 0 });
    expect(sms.received).toHaveLength(11);
    expect(smtp.received).toHaveLength(9);
    expect(sms.received[0]!.auth).toBe(`Basic ${Buffer.from('client:secret').toString('base64')}`);
    expect(sms.received.map((m) => m.destination)).toContain('27821234567');
    expect(smtp.received.join('\n')).toContain('Subject: Your funeral policy POL-000123');
    const after = await outbox();
    expect(after.every((r) => r.status === 'sent' && r.sentAt === MORNING.toISOString())).toBe(true);
    expect(await dispatcher().tick()).toEqual({ sent: 0, failed: 0, retrying: 0, notSent: 0, reminders: 0 });
  });

  it('a rebuild of the outbox projector sends nothing new', async () => {
    const { bed, sms, smtp, dispatcher, outbox } = await setUp();
    await dispatcher().tick();
    const before = await outbox();
    await bed.engine.rebuild('notifications');
    await bed.project();
    expect(await dispatcher().tick()).toEqual({ sent: 0, failed: 0, retrying: 0, notSent: 0, reminders: 0 });
    expect(sms.received).toHaveLength(11);
    expect(smtp.received).toHaveLength(9);
    expect(await outbox()).toEqual(before);
  });

  it("an erased person's messages keep their status and lose their text and address (POPIA)", async () => {
    const { bed, dispatcher, outbox, life } = await setUp();
    await dispatcher().tick();
    await bed.keyring.destroy(`member:${life.memberId}`);
    // The erasure rebuilds every read model that reads the person's events (api-gateway commands/popia.ts).
    await bed.engine.rebuild('notifications');
    await bed.project();
    const rows = await outbox();
    const claimant = (r: { to: string | null }) => r.to === '+27835550000' || r.to === 'sipho@example.co.za';
    const theirs = rows.filter((r) => !claimant(r));
    expect(theirs).toHaveLength(10);
    expect(theirs.every((r) => r.text === '[erased]' && r.to === null && r.subject === null && r.status === 'sent')).toBe(true);
    // The claimant is another person: their messages stay as they were.
    expect(rows.filter(claimant)).toHaveLength(10);
    expect(rows.filter(claimant).every((r) => r.text.includes('Ubuntu Funerals'))).toBe(true);
  });

  it('retries a 5xx with backoff and succeeds; a 4xx fails with the provider reason', async () => {
    const { sms, clock, dispatcher, outbox } = await setUp();
    sms.answers.push(503, 400);
    // One at a time, so the first two SMS meet the 503 and the 400.
    const d = dispatcher({ concurrency: 1, backoff: { initialMs: 60_000 } });
    const first = await d.tick();
    expect(first).toMatchObject({ retrying: 1, failed: 1, sent: 18 });
    const rows = await outbox();
    const failed = rows.find((r) => r.status === 'failed')!;
    expect(failed.reason).toBe('400: Invalid destination number');
    const retrying = rows.find((r) => r.status === 'queued')!;
    expect(retrying.reason).toBe('try 1 of 6 failed: 503: Service unavailable');
    // Not before its backoff.
    clock.now = new Date(MORNING.getTime() + 30_000);
    expect(await d.tick()).toMatchObject({ sent: 0 });
    clock.now = new Date(MORNING.getTime() + 60_000);
    expect(await d.tick()).toMatchObject({ sent: 1 });
    const again = (await outbox()).find((r) => r.id === retrying.id)!;
    expect(again).toMatchObject({ status: 'sent', attempts: 2, reason: null, sentAt: clock.now.toISOString() });
  });

  it('without a provider every message is recorded as not sent, never as sent', async () => {
    const { bed, dispatcher, outbox } = await setUp();
    const summary = await dispatcher({ providers: {} }).tick();
    expect(summary).toEqual({ sent: 0, failed: 0, retrying: 0, notSent: 20, reminders: 0 });
    expect((await outbox()).every((r) => r.status === 'not_sent' && r.reason === NO_PROVIDER && r.sentAt === null)).toBe(true);
    expect(bed).toBeTruthy();
  });

  it('holds SMS in quiet hours (20:00 to 08:00 South African time) and sends them at 08:00', async () => {
    const { sms, smtp, clock, dispatcher, outbox } = await setUp();
    const d = dispatcher();
    clock.now = new Date('2026-11-26T19:30:00Z'); // 21:30 in South Africa
    expect(await d.tick()).toMatchObject({ sent: 9 });
    expect(smtp.received).toHaveLength(9);
    expect(sms.received).toHaveLength(0);
    clock.now = new Date('2026-11-27T05:59:00Z'); // 07:59
    expect(await d.tick()).toMatchObject({ sent: 0 });
    expect((await outbox()).filter((r) => r.channel === 'sms').every((r) => r.status === 'queued')).toBe(true);
    clock.now = new Date('2026-11-27T06:00:00Z'); // 08:00
    expect(await d.tick()).toMatchObject({ sent: 11 });
    expect(sms.received).toHaveLength(11);
  });

  it("welcomes a group scheme's main member, not the family members under them", async () => {
    const { bed, life } = await setUp();
    const schemeId = randomUUID();
    const mainId = randomUUID();
    const policyId = randomUUID();
    const person = {
      schemeId,
      companyId: life.companyId,
      relationship: null,
      saId: null,
      address: null,
      city: null,
      province: null,
      postalCode: null,
    };
    await bed.append(life.companyId, [
      {
        streamId: `group-scheme-${schemeId}`,
        events: [
          {
            type: 'SchemeMemberAdded',
            data: {
              ...person,
              memberId: mainId,
              isMainMember: true,
              mainMemberId: null,
              firstName: 'Lerato',
              lastName: 'Dube',
              phone: '0712345678',
              email: null,
              coverAmount: '10000',
              policyId,
              policyNumber: 'GRP-001',
            },
          },
          {
            type: 'SchemeMemberAdded',
            data: {
              ...person,
              memberId: randomUUID(),
              isMainMember: false,
              mainMemberId: mainId,
              firstName: 'Kabelo',
              lastName: 'Dube',
              phone: '0712345679',
              email: null,
              coverAmount: null,
              policyId,
              policyNumber: 'GRP-001',
            },
          },
        ],
      },
    ]);
    await bed.project();
    const rows = (await listNotifications(bed.sql, life.companyId, { memberId: mainId })).items;
    expect(rows.map((r) => [r.type, r.channel, r.to])).toEqual([['policy_issued', 'sms', '+27712345678']]);
    expect(rows[0]!.text).toContain('welcome Lerato. Policy GRP-001 covers R 10 000,00');
    expect((await listNotifications(bed.sql, life.companyId, { limit: 1000 })).total).toBe(21);
  });

  it("a payment completed after it was recorded is receipted, with the policy's paid-up-to date at that event", async () => {
    const { bed, life, outbox } = await setUp();
    const paymentId = randomUUID();
    await bed.append(life.companyId, [
      {
        streamId: `payment-${paymentId}`,
        events: [
          premiumPaid(life, paymentId, { status: 'pending' }),
          { type: 'PaymentStatusChanged', data: { paymentId, companyId: life.companyId, from: 'pending', to: 'completed' } },
        ],
      },
    ]);
    await bed.project();
    const receipts = (await outbox()).filter((r) => r.type === 'premium_received').map((r) => r.text);
    // R 1 234,50 and R 150 paid nine months of R 150 (January to September; May stayed owed: the lapse began 2 May).
    expect(receipts).toContain(
      'Ubuntu Funerals: premium of R 150,00 for policy POL-000123 received 2 September 2026 (September 2026); paid up to 30 September 2026. Thank you.',
    );
    expect(receipts).toHaveLength(2);
  });

  it('after the main member died and the spouse succeeded them, a receipt goes to the spouse', async () => {
    const { bed, life, outbox } = await setUp();
    const spouseId = randomUUID();
    const paymentId = randomUUID();
    await bed.append(life.companyId, [
      {
        streamId: `member-${spouseId}`,
        events: [
          {
            type: 'MemberRegistered',
            data: {
              memberId: spouseId,
              companyId: life.companyId,
              mainMemberId: life.memberId,
              firstName: 'Sipho',
              lastName: 'Nkosi',
              email: 'sipho@example.co.za',
              phone: '083 765 4321',
              saId: null,
              policyId: life.policyId,
              source: 'manual',
            },
          },
        ],
      },
    ]);
    await bed.append(life.companyId, [
      {
        streamId: `policy-${life.policyId}`,
        events: [
          {
            type: 'PolicyHolderSucceeded',
            data: {
              policyId: life.policyId,
              companyId: life.companyId,
              fromMemberId: life.memberId,
              toMemberId: spouseId,
              claimId: randomUUID(),
              diedOn: '2026-08-20',
              succeededOn: '2026-08-25',
            },
          },
        ],
      },
    ]);
    await bed.append(life.companyId, [
      {
        streamId: `payment-${paymentId}`,
        events: [premiumPaid(life, paymentId, { memberId: spouseId, memberName: 'Sipho Nkosi' })],
      },
    ]);
    await bed.project();
    const receipt = (await outbox()).filter((r) => r.type === 'premium_received' && r.text.includes('2 September 2026'));
    expect(receipt.map((r) => [r.channel, r.to])).toEqual([['sms', '+27837654321']]);
  });

  it('the free tier sends only the legally required notice, by e-mail', async () => {
    const { sms, smtp, dispatcher, outbox } = await setUp('free');
    const rows = await outbox();
    expect(rows.map((r) => `${r.type}/${r.channel}`)).toEqual(['non_payment_notice/email']);
    await dispatcher().tick();
    expect(sms.received).toHaveLength(0);
    expect(smtp.received).toHaveLength(1);
    // Quoted-printable wraps long lines with a soft break ('=' at the end).
    expect(smtp.received[0]!.replace(/=\r?\n/g, '')).toContain('we have not received your premium for April 2026');
  });
});
