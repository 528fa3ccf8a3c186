import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  notificationTemplateSchema,
  PLACEHOLDERS_BY_TYPE,
  previewTemplate,
  renderTemplate,
  unknownPlaceholders,
} from './notification-templates.ts';
import { NOTIFICATION_TYPES, smsSegments } from './notifications.ts';

const issues = (input: unknown) => {
  const result = notificationTemplateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('notification templates (shared by Settings and the server)', () => {
  it('every default names only its own type’s placeholders and passes the schema', () => {
    for (const type of NOTIFICATION_TYPES) {
      const t = DEFAULT_TEMPLATES[type];
      for (const text of [t.subject, t.sms, t.email]) expect(unknownPlaceholders(text, type)).toEqual([]);
      expect(issues({ type, subject: t.subject, sms: t.sms, email: t.email })).toEqual([]);
    }
    expect(PLACEHOLDERS_BY_TYPE.premium_received).toContain('amount');
  });

  it('refuses a placeholder the type does not fill, naming it', () => {
    const t = DEFAULT_TEMPLATES.premium_received;
    expect(
      issues({ type: 'premium_received', subject: t.subject, sms: 'Hi {firstName}, claim {claimNumber}', email: 'Hi {nmae}' }),
    ).toEqual([
      'sms: {claimNumber} is not a placeholder of the Premium received message: use {companyName}, {companyContact}, {firstName}, {policyNumber}, {amount}, {month}, {paidOn}, {paidUpTo}',
      'email: {nmae} is not a placeholder of the Premium received message: use {companyName}, {companyContact}, {firstName}, {policyNumber}, {amount}, {month}, {paidOn}, {paidUpTo}',
    ]);
  });

  it('requires every text, one line of subject, and keeps {text} in the legal notice', () => {
    expect(issues({ type: 'policy_reinstated', subject: ' ', sms: '', email: 'x' })).toEqual([
      'subject: The e-mail subject is required',
      'sms: The SMS text is required',
    ]);
    expect(issues({ type: 'policy_reinstated', subject: 'a\nb', sms: 'x', email: 'x' })).toEqual([
      'subject: The e-mail subject must be one line',
    ]);
    expect(issues({ type: 'non_payment_notice', subject: 'Notice', sms: 'Please pay {amount}', email: '{text}' })).toEqual([
      'sms: The non-payment notice must keep {text}: it is the notice the law requires, as the daily run decided it',
    ]);
    expect(issues({ type: 'nonsense', subject: 'a', sms: 'b', email: 'c' })[0]).toMatch(/^type: type must be one of policy_issued/);
  });

  it('refuses an SMS longer than four parts filled with the samples', () => {
    expect(issues({ type: 'policy_reinstated', subject: 's', sms: 'x'.repeat(612), email: 'e' })).toEqual([]);
    expect(issues({ type: 'policy_reinstated', subject: 's', sms: `${'x'.repeat(500)}${'€'.repeat(60)}`, email: 'e' })).toEqual([
      'sms: The SMS, filled with the sample values, must fit in 4 parts',
    ]);
  });

  it('previews with sample values and counts segments like the outbox', () => {
    const preview = previewTemplate(DEFAULT_TEMPLATES.policy_issued.sms);
    expect(preview).toContain('Ubuntu Funerals: welcome Thandi. Policy POL-000123');
    expect(smsSegments(preview)).toEqual({ encoding: 'GSM-7', characters: preview.length, segments: 1 });
    expect(smsSegments(previewTemplate('Sawubona {firstName} 🙂'))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(renderTemplate('{firstName}', { firstName: 'Sipho' })).toBe('Sipho');
  });
});
