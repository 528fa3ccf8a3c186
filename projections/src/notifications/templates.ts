/*
 * What each message says (issue #24): the English default templates, one per message type, with
 * {placeholders}. The one home of the words sent: the outbox projector renders them (the types, channels and
 * their labels are write-model/src/validation/notifications.ts, which the web reads too). Per-company templates edited in Settings are a later step; they will be checked with
 * renderTemplate's unknown-placeholder refusal.
 */

import type { NotificationChannel, NotificationType } from '@fpa/write-model/validation';

export { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType } from '@fpa/write-model/validation';

export const PLACEHOLDERS = [
  'companyName',
  'companyContact',
  'firstName',
  'policyNumber',
  'cover',
  'waitingEnds',
  'amount',
  'month',
  'paidOn',
  'claimNumber',
  'reason',
  'meaning',
  'lapsedOn',
  'text',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<Placeholder, string>>;

export type Template = {
  channels: readonly NotificationChannel[];
  /** Sent whatever the company's tier (rule 15A's non-payment notice). */
  legallyRequired: boolean;
  subject: string;
  sms: string;
  email: string;
};

const SIGN_OFF = '\n\nKind regards,\n{companyName}';

export const DEFAULT_TEMPLATES: Record<NotificationType, Template> = {
  policy_issued: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Your funeral policy {policyNumber}',
    // Kept within one SMS (160 GSM-7 characters) for a usual company name: a second part doubles the cost.
    sms: '{companyName}: welcome {firstName}. Policy {policyNumber} covers {cover}; waiting period ends {waitingEnds}. To claim call {companyContact}.',
    email:
      'Dear {firstName}\n\nWelcome to {companyName}. Your funeral policy {policyNumber} is issued.\n\n' +
      'Cover: {cover}\nWaiting period ends: {waitingEnds}\n\n' +
      'To claim, contact us on {companyContact} with the death certificate and your ID.' +
      SIGN_OFF,
  },
  premium_received: {
    channels: ['sms'],
    legallyRequired: false,
    subject: 'Premium received for policy {policyNumber}',
    sms: '{companyName}: we received your premium of {amount} for policy {policyNumber} on {paidOn} ({month}). Thank you.',
    email:
      'Dear {firstName}\n\nWe received your premium of {amount} for policy {policyNumber} on {paidOn} ({month}). Thank you.' + SIGN_OFF,
  },
  // The notice's words are decided by the daily run and recorded in NonPaymentNoticeIssued (calendar-steps.ts,
  // noticeText): what is sent is exactly what the record says the policyholder was told.
  non_payment_notice: {
    channels: ['sms', 'email'],
    legallyRequired: true,
    subject: 'Unpaid premium on policy {policyNumber}',
    sms: '{text}',
    email: 'Dear {firstName}\n\n{text}' + SIGN_OFF,
  },
  policy_lapsed: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Your policy {policyNumber} has lapsed',
    sms: '{companyName}: your funeral policy {policyNumber} lapsed on {lapsedOn}; you are no longer covered. Contact us on {companyContact} to reinstate it.',
    email:
      'Dear {firstName}\n\nYour funeral policy {policyNumber} lapsed on {lapsedOn} and you are no longer covered.\n\n' +
      'Contact us on {companyContact} to reinstate it.' +
      SIGN_OFF,
  },
  policy_reinstated: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Your policy {policyNumber} is reinstated',
    sms: '{companyName}: your funeral policy {policyNumber} is reinstated; your cover continues.',
    email: 'Dear {firstName}\n\nYour funeral policy {policyNumber} is reinstated; your cover continues on the same terms.' + SIGN_OFF,
  },
  claim_received: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Claim {claimNumber} received',
    sms: '{companyName}: we received your claim {claimNumber} on policy {policyNumber}. We will let you know our decision.',
    email:
      'Dear {firstName}\n\nWe received your claim {claimNumber} on policy {policyNumber}. We will let you know our decision.' + SIGN_OFF,
  },
  claim_approved: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Claim {claimNumber} approved',
    sms: '{companyName}: your claim {claimNumber} is approved for {amount}. We will tell you when it is paid.',
    email: 'Dear {firstName}\n\nYour claim {claimNumber} is approved for {amount}. We will tell you when it is paid.' + SIGN_OFF,
  },
  claim_rejected: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Claim {claimNumber} rejected',
    sms: '{companyName}: your claim {claimNumber} is rejected: {reason}. Contact us on {companyContact} with any questions.',
    email:
      'Dear {firstName}\n\nYour claim {claimNumber} is rejected.\n\nReason: {reason}\n\n' +
      'Contact us on {companyContact} with any questions.' +
      SIGN_OFF,
  },
  claim_paid: {
    channels: ['sms', 'email'],
    legallyRequired: false,
    subject: 'Claim {claimNumber} paid',
    sms: '{companyName}: your claim {claimNumber} was paid: {amount} on {paidOn}.',
    email: 'Dear {firstName}\n\nYour claim {claimNumber} was paid: {amount} on {paidOn}.' + SIGN_OFF,
  },
  debit_unpaid: {
    channels: ['sms'],
    legallyRequired: false,
    subject: 'Debit order unpaid on policy {policyNumber}',
    sms: '{companyName}: debit order of {amount} for policy {policyNumber} returned unpaid ({meaning}). Pay by EFT, reference {policyNumber}, or call {companyContact}.',
    email:
      'Dear {firstName}\n\nYour debit order of {amount} for policy {policyNumber} was returned unpaid ({meaning}).\n\n' +
      'Please pay by EFT with reference {policyNumber}, or contact us on {companyContact}.' +
      SIGN_OFF,
  },
};

export class UnknownPlaceholderError extends Error {
  constructor(readonly placeholder: string) {
    super(`The template names {${placeholder}}, which is not a placeholder: use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`);
  }
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a template names that do not exist (an edited template with any is refused). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
}

/**
 * The template with its placeholders filled. Intl's rand puts no-break spaces in 'R 1 234,50': they
 * become plain spaces, which keeps an SMS in the GSM-7 alphabet (a no-break space would make it UCS-2,
 * 70 characters a segment instead of 160).
 */
export function renderTemplate(text: string, values: TemplateValues): string {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) throw new UnknownPlaceholderError(unknown[0]!);
  return text.replace(PLACEHOLDER, (_m, name: Placeholder) => (values[name] ?? '').replace(/[\u00a0\u202f]/g, ' '));
}

export type RenderedMessage = { subject: string | null; text: string };

export function renderMessage(type: NotificationType, channel: NotificationChannel, values: TemplateValues): RenderedMessage {
  const template = DEFAULT_TEMPLATES[type];
  return channel === 'sms'
    ? { subject: null, text: renderTemplate(template.sms, values) }
    : { subject: renderTemplate(template.subject, values), text: renderTemplate(template.email, values) };
}
