import { describe, expect, it } from 'vitest';
import { toE164 } from './enqueue.ts';
import { inQuietHours } from './dispatcher.ts';
import { loadNotificationConfig } from './notify.config.ts';
import { notificationTemplateSchema, previewTemplate, smsSegments } from '@fpa/write-model/validation';
import { DEADLINE_STATE_WORDS, southAfricanDateTime } from './deadline-reminders.ts';
import { DEFAULT_TEMPLATES, renderMessage, renderTemplate, unknownPlaceholders, UnknownPlaceholderError } from './templates.ts';

describe('notification templates', () => {
  it('every default template names only known placeholders', () => {
    for (const template of Object.values(DEFAULT_TEMPLATES))
      for (const text of [template.subject, template.sms, template.email]) expect(unknownPlaceholders(text)).toEqual([]);
  });

  it('refuses a template with an unknown placeholder', () => {
    expect(() => renderTemplate('Hello {name}', {})).toThrow(UnknownPlaceholderError);
    expect(() => renderTemplate('Hello {name}', {})).toThrow('The template names {name}, which is not a placeholder');
  });

  it('fills placeholders and turns no-break spaces into plain ones', () => {
    expect(renderTemplate('{firstName} owes {amount}', { firstName: 'Thandi', amount: 'R\u00a01\u00a0234,50' })).toBe(
      'Thandi owes R 1 234,50',
    );
  });
});

describe("the claims staff's deadline e-mail and the receipt's paid-up-to date (issue #24)", () => {
  it('has an English default by e-mail only, filled with the claim number, the deadline and the state', () => {
    const template = DEFAULT_TEMPLATES.claim_decision_due;
    expect(template).toMatchObject({ channels: ['email'], legallyRequired: false });
    const message = renderMessage(template, 'email', {
      companyName: 'Ubuntu Funerals',
      firstName: 'Lindiwe',
      claimNumber: 'CLM-000045',
      dueAt: southAfricanDateTime(new Date('2026-11-30T08:00:00Z')),
      state: DEADLINE_STATE_WORDS.overdue,
    });
    expect(message).toEqual({
      subject: 'Claim CLM-000045: decision overdue',
      text:
        'Dear Lindiwe\n\nThe decision on claim CLM-000045 is overdue (deadline: 30 November 2026 at 10:00).\n\n' +
        'Please open the claim and decide it, or record why it waits.\n\nKind regards,\nUbuntu Funerals',
    });
  });

  it("is edited in Settings with its own placeholders only: no policyholder's or deceased's data", () => {
    const valid = notificationTemplateSchema.safeParse({
      type: 'claim_decision_due',
      subject: 'Decide {claimNumber} ({state})',
      sms: '{claimNumber} due {dueAt}',
      email: 'Hi {firstName}, claim {claimNumber} is {state}; deadline {dueAt}. {companyName}',
    });
    expect(valid.success).toBe(true);
    const refused = notificationTemplateSchema.safeParse({
      type: 'claim_decision_due',
      subject: 'Claim {claimNumber}',
      sms: '{claimNumber}',
      email: 'Claim {claimNumber} on policy {policyNumber}',
    });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'email',
        '{policyNumber} is not a placeholder of the Claim decision due (staff) message: use {companyName}, {firstName}, {claimNumber}, {dueAt}, {state}',
      ],
    ]);
  });

  it('puts the paid-up-to date in the premium receipt, within one SMS', () => {
    const receipt = DEFAULT_TEMPLATES.premium_received;
    expect(receipt.sms).toContain('paid up to {paidUpTo}');
    expect(receipt.email).toContain('paid up to {paidUpTo}');
    expect(smsSegments(previewTemplate(receipt.sms)).segments).toBe(1);
    expect(
      notificationTemplateSchema.safeParse({
        type: 'premium_received',
        subject: 'Thanks',
        sms: 'Paid to {paidUpTo}',
        email: 'Paid to {paidUpTo}',
      }).success,
    ).toBe(true);
  });
});

describe('phone numbers', () => {
  it('are normalised to E.164 for South Africa', () => {
    expect(toE164('082 123 4567')).toBe('+27821234567');
    expect(toE164('+27 82 123 4567')).toBe('+27821234567');
    expect(toE164('0027821234567')).toBe('+27821234567');
    expect(toE164('12345')).toBeNull();
  });
});

describe('quiet hours', () => {
  it('run from 20:00 to 08:00 South African time', () => {
    expect(inQuietHours(new Date('2026-11-26T17:59:00Z'))).toBe(false); // 19:59
    expect(inQuietHours(new Date('2026-11-26T18:00:00Z'))).toBe(true); // 20:00
    expect(inQuietHours(new Date('2026-11-27T05:59:00Z'))).toBe(true); // 07:59
    expect(inQuietHours(new Date('2026-11-27T06:00:00Z'))).toBe(false); // 08:00
  });
});

describe('notification configuration', () => {
  it('has no provider by default', () => {
    expect(loadNotificationConfig({})).toEqual({ sms: null, email: null, concurrency: 4, costs: { sms: 0.25, email: 0 } });
    expect(loadNotificationConfig({ SMS_COST_RAND: '0.19', EMAIL_COST_RAND: '0.01' }).costs).toEqual({ sms: 0.19, email: 0.01 });
    expect(() => loadNotificationConfig({ SMS_COST_RAND: '-1' })).toThrow('SMS_COST_RAND must be an amount in rand, such as 0.25.');
  });

  it("takes SMSPortal's webhook token only as a long random secret", () => {
    const keys = { SMS_PROVIDER: 'smsportal', SMSPORTAL_CLIENT_ID: 'a', SMSPORTAL_API_SECRET: 'b' };
    expect(loadNotificationConfig(keys).sms).toMatchObject({ webhookToken: null });
    const token = 'a'.repeat(16) + '-_0123456789ABCDEF';
    expect(loadNotificationConfig({ ...keys, SMSPORTAL_WEBHOOK_TOKEN: token }).sms).toMatchObject({ webhookToken: token });
    expect(() => loadNotificationConfig({ ...keys, SMSPORTAL_WEBHOOK_TOKEN: 'short' })).toThrow(
      'SMSPORTAL_WEBHOOK_TOKEN must be at least 32 letters, digits, - or _',
    );
  });

  it('needs the chosen SMS provider keys, and says which are missing', () => {
    expect(() => loadNotificationConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      'SMS_PROVIDER=twilio needs TWILIO_AUTH_TOKEN, TWILIO_FROM.',
    );
    expect(() => loadNotificationConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow('SMS_PROVIDER must be smsportal, twilio or none');
    expect(loadNotificationConfig({ SMS_PROVIDER: 'smsportal', SMSPORTAL_CLIENT_ID: 'a', SMSPORTAL_API_SECRET: 'b' }).sms).toMatchObject({
      kind: 'smsportal',
      baseUrl: 'https://rest.smsportal.com',
    });
  });
});
