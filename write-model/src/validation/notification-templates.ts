import { z } from 'zod';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  smsSegments,
  type NotificationChannel,
  type NotificationType,
} from './notifications.ts';

/*
 * What each message says (issue #24): the English default templates, one per message type, the
 * placeholders each may name, the rendering, and the schema of a company's own template (Settings →
 * message templates). The one home of the words sent: the outbox projector renders them, the gateway
 * checks an edited template with the schema, the Settings page previews with the same functions.
 */

/** Every placeholder a message can fill; which ones a type offers is PLACEHOLDERS_BY_TYPE. */
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
  'paidUpTo',
  'dueAt',
  'state',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<Placeholder, string>>;

const COMMON = ['companyName', 'companyContact', 'firstName', 'policyNumber'] as const satisfies readonly Placeholder[];

/** The placeholders a type's message has values for (a {claimNumber} in a premium receipt would be blank). */
export const PLACEHOLDERS_BY_TYPE: Record<NotificationType, readonly Placeholder[]> = {
  policy_issued: [...COMMON, 'cover', 'waitingEnds'],
  premium_received: [...COMMON, 'amount', 'month', 'paidOn', 'paidUpTo'],
  non_payment_notice: [...COMMON, 'amount', 'text'],
  policy_lapsed: [...COMMON, 'lapsedOn'],
  policy_reinstated: [...COMMON],
  claim_received: [...COMMON, 'claimNumber'],
  claim_approved: [...COMMON, 'claimNumber', 'amount'],
  claim_rejected: [...COMMON, 'claimNumber', 'reason'],
  claim_paid: [...COMMON, 'claimNumber', 'amount', 'paidOn'],
  debit_unpaid: [...COMMON, 'amount', 'meaning'],
  // To the company's claims staff: no policyholder's or deceased's personal data, the claim's number and deadline.
  claim_decision_due: ['companyName', 'firstName', 'claimNumber', 'dueAt', 'state'],
};

/** What a placeholder stands for, and a value the Settings preview fills it with. */
export const PLACEHOLDER_SAMPLES: Record<Placeholder, { label: string; sample: string }> = {
  companyName: { label: "The company's name", sample: 'Ubuntu Funerals' },
  companyContact: { label: "The company's phone (its e-mail when no phone)", sample: '011 555 1234' },
  firstName: { label: "The recipient's first name", sample: 'Thandi' },
  policyNumber: { label: 'The policy number', sample: 'POL-000123' },
  cover: { label: 'The cover amount', sample: 'R 15 000,00' },
  waitingEnds: { label: 'The day the waiting period ends', sample: '1 June 2027' },
  amount: { label: 'The amount (premium, arrears, claim)', sample: 'R 150,00' },
  month: { label: 'The month paid for', sample: 'November 2026' },
  paidOn: { label: 'The day it was paid', sample: '26 November 2026' },
  claimNumber: { label: 'The claim number', sample: 'CLM-000045' },
  reason: { label: "The claim's rejection reason", sample: 'Within the waiting period' },
  meaning: { label: "The bank's reason the debit order was unpaid", sample: 'insufficient funds' },
  lapsedOn: { label: 'The day the policy lapsed', sample: '1 December 2026' },
  text: {
    label: 'The notice as the daily run decided it (required in this message)',
    sample: 'Ubuntu Funerals: policy POL-000123 is R 150,00 in arrears. Pay by 1 December 2026 or it lapses.',
  },
  paidUpTo: { label: 'The day the policy is paid up to after this payment', sample: '30 November 2026' },
  dueAt: { label: "The claim's decision deadline (South African time)", sample: '27 November 2026 at 14:30' },
  state: { label: "Where the claim's decision clock stands", sample: 'due within 4 business hours' },
};

export type TemplateText = { subject: string; sms: string; email: string };

export type Template = TemplateText & {
  channels: readonly NotificationChannel[];
  /** Sent whatever the company's tier (rule 15A's non-payment notice). */
  legallyRequired: boolean;
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
    // One SMS for a usual company name: amount, month and the paid-up-to date the payment brought (issue #24).
    sms: '{companyName}: premium of {amount} for policy {policyNumber} received {paidOn} ({month}); paid up to {paidUpTo}. Thank you.',
    email:
      'Dear {firstName}\n\nWe received your premium of {amount} for policy {policyNumber} on {paidOn} ({month}).\n\n' +
      'Your policy is paid up to {paidUpTo}. Thank you.' +
      SIGN_OFF,
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
  // Issue #24: to each of the company's claims staff (a user whose role may decide claims), once per claim when
  // its decision (PPR rule 2A.8's clock) falls due within 4 business hours, and once when it is overdue.
  claim_decision_due: {
    channels: ['email'],
    legallyRequired: false,
    subject: 'Claim {claimNumber}: decision {state}',
    sms: 'Claim {claimNumber}: decision {state} (deadline: {dueAt}).',
    email:
      'Dear {firstName}\n\nThe decision on claim {claimNumber} is {state} (deadline: {dueAt}).\n\n' +
      'Please open the claim and decide it, or record why it waits.' +
      SIGN_OFF,
  },
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a text names that the type's message does not fill (any placeholder, when no type is given). */
export function unknownPlaceholders(text: string, type?: NotificationType): string[] {
  const known: readonly string[] = type ? PLACEHOLDERS_BY_TYPE[type] : PLACEHOLDERS;
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.includes(name)))];
}

export const unknownPlaceholderMessage = (placeholder: string, type?: NotificationType) =>
  type
    ? `{${placeholder}} is not a placeholder of the ${NOTIFICATION_TYPE_LABELS[type]} message: use ${PLACEHOLDERS_BY_TYPE[type].map((p) => `{${p}}`).join(', ')}`
    : `The template names {${placeholder}}, which is not a placeholder: use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;

export class UnknownPlaceholderError extends Error {
  constructor(readonly placeholder: string) {
    super(unknownPlaceholderMessage(placeholder));
  }
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

/** The Settings preview: the text with every placeholder filled with its sample. */
export function previewTemplate(text: string): string {
  const samples = Object.fromEntries(PLACEHOLDERS.map((p) => [p, PLACEHOLDER_SAMPLES[p].sample])) as TemplateValues;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? samples[name as Placeholder]! : whole,
  );
}

export const TEMPLATE_LIMITS = { subject: 150, sms: 612, email: 5000 } as const;
/** An SMS template longer than this many parts (filled with the samples) is refused: each part is paid for. */
export const MAX_SMS_SEGMENTS = 4;

export const TEMPLATE_MESSAGES = {
  type: `type must be one of ${NOTIFICATION_TYPES.join(', ')}`,
  subject: 'The e-mail subject is required',
  sms: 'The SMS text is required',
  email: 'The e-mail text is required',
  subjectTooLong: `The e-mail subject must be at most ${TEMPLATE_LIMITS.subject} characters`,
  smsTooLong: `The SMS text must be at most ${TEMPLATE_LIMITS.sms} characters`,
  emailTooLong: `The e-mail text must be at most ${TEMPLATE_LIMITS.email} characters`,
  smsSegments: `The SMS, filled with the sample values, must fit in ${MAX_SMS_SEGMENTS} parts`,
  subjectOneLine: 'The e-mail subject must be one line',
  noticeText: 'The non-payment notice must keep {text}: it is the notice the law requires, as the daily run decided it',
} as const;

const M = TEMPLATE_MESSAGES;

function templateText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/**
 * PUT /api/notifications/templates/{type}: a company's own words for one message type. Every text is
 * required (an SMS-only type's e-mail words are kept for when it gains the channel); a placeholder the
 * type does not fill is refused, naming it.
 */
export const notificationTemplateSchema = z
  .object({
    type: z.enum(NOTIFICATION_TYPES, { error: M.type }),
    subject: templateText(M.subject, TEMPLATE_LIMITS.subject, M.subjectTooLong).refine((v) => !/[\r\n]/.test(v), M.subjectOneLine),
    sms: templateText(M.sms, TEMPLATE_LIMITS.sms, M.smsTooLong),
    email: templateText(M.email, TEMPLATE_LIMITS.email, M.emailTooLong),
  })
  .superRefine((t, ctx) => {
    for (const field of ['subject', 'sms', 'email'] as const) {
      const [unknown] = unknownPlaceholders(t[field], t.type);
      if (unknown) ctx.addIssue({ code: 'custom', path: [field], message: unknownPlaceholderMessage(unknown, t.type) });
    }
    if (smsSegments(previewTemplate(t.sms)).segments > MAX_SMS_SEGMENTS)
      ctx.addIssue({ code: 'custom', path: ['sms'], message: M.smsSegments });
    if (DEFAULT_TEMPLATES[t.type].legallyRequired)
      for (const field of ['sms', 'email'] as const)
        if (!t[field].includes('{text}')) ctx.addIssue({ code: 'custom', path: [field], message: M.noticeText });
  })
  .meta({ description: "Settings → message templates: a company's words for one message type, with {placeholders}." });
export type NotificationTemplateInput = z.output<typeof notificationTemplateSchema>;
export type NotificationTemplateFormValues = z.input<typeof notificationTemplateSchema>;

/** DELETE /api/notifications/templates/{type}: back to the English default. */
export const notificationTemplateResetSchema = z.object({ type: z.enum(NOTIFICATION_TYPES, { error: M.type }) });
