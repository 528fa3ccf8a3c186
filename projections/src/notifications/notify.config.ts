import type { NotificationChannel } from './templates.ts';
import {
  smsPortalProvider,
  smtpProvider,
  twilioProvider,
  type NotificationProvider,
  type SmsPortalConfig,
  type SmtpConfig,
  type TwilioConfig,
} from './providers.ts';

/**
 * The providers that send the outbox (issue #24), from the environment (docs/configuration.md). None by
 * default: messages are then recorded as not sent, "no provider configured". SMS_PROVIDER picks
 * smsportal or twilio, whose keys are then required; e-mail goes out when SMTP_URL is set (the same
 * server and MAIL_FROM as the password reset).
 */
export type NotificationConfig = {
  sms: SmsPortalConfig | TwilioConfig | null;
  email: SmtpConfig | null;
  /** NOTIFY_CONCURRENCY: messages in flight at once. */
  concurrency: number;
  /** SMS_COST_RAND (one SMS part) and EMAIL_COST_RAND (one e-mail), for the Notifications page's estimate. */
  costs: { sms: number; email: number };
};

/** A usual bulk SMS price in South Africa (about 25 cents a part); e-mail through one's own SMTP server costs nothing a message. */
export const DEFAULT_COSTS = { sms: 0.25, email: 0 } as const;

function price(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(value)) throw new Error(`${name} must be an amount in rand, such as 0.25.`);
  return value;
}

export const DEFAULT_MAIL_FROM = 'Funeral Policy Admin <no-reply@localhost>';

function rate(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

export function loadNotificationConfig(env: NodeJS.ProcessEnv = process.env): NotificationConfig {
  // Every variable is read, whichever provider is chosen (the compose test checks each one it sets is read).
  const value = (name: string) => env[name]?.trim() || null;
  const kind = value('SMS_PROVIDER')?.toLowerCase() ?? 'none';
  const smsPerSecond = rate(env, 'SMS_PER_SECOND', 10);
  const smsPortal = {
    clientId: value('SMSPORTAL_CLIENT_ID'),
    apiSecret: value('SMSPORTAL_API_SECRET'),
    baseUrl: value('SMSPORTAL_BASE_URL'),
    webhookToken: value('SMSPORTAL_WEBHOOK_TOKEN'),
  };
  // SMSPortal signs no webhook: the token in its URL is all that proves a report is SMSPortal's.
  if (smsPortal.webhookToken !== null && !/^[A-Za-z0-9_-]{32,200}$/.test(smsPortal.webhookToken))
    throw new Error(
      'SMSPORTAL_WEBHOOK_TOKEN must be at least 32 letters, digits, - or _ (a random secret, such as `openssl rand -hex 32`).',
    );
  const twilio = {
    accountSid: value('TWILIO_ACCOUNT_SID'),
    authToken: value('TWILIO_AUTH_TOKEN'),
    from: value('TWILIO_FROM'),
    baseUrl: value('TWILIO_BASE_URL'),
    statusCallbackUrl: value('TWILIO_STATUS_CALLBACK_URL'),
  };
  const need = (names: Record<string, string | null>) => {
    const missing = Object.entries(names)
      .filter(([, v]) => !v)
      .map(([name]) => name);
    if (missing.length > 0) throw new Error(`SMS_PROVIDER=${kind} needs ${missing.join(', ')}.`);
  };
  let sms: NotificationConfig['sms'] = null;
  if (kind === 'smsportal') {
    need({ SMSPORTAL_CLIENT_ID: smsPortal.clientId, SMSPORTAL_API_SECRET: smsPortal.apiSecret });
    sms = {
      kind,
      clientId: smsPortal.clientId!,
      apiSecret: smsPortal.apiSecret!,
      baseUrl: smsPortal.baseUrl ?? 'https://rest.smsportal.com',
      perSecond: smsPerSecond,
      webhookToken: smsPortal.webhookToken,
    };
  } else if (kind === 'twilio') {
    need({ TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: twilio.from });
    sms = {
      kind,
      accountSid: twilio.accountSid!,
      authToken: twilio.authToken!,
      from: twilio.from!,
      baseUrl: twilio.baseUrl ?? 'https://api.twilio.com',
      perSecond: smsPerSecond,
      statusCallbackUrl: twilio.statusCallbackUrl,
    };
  } else if (kind !== 'none') {
    throw new Error(`SMS_PROVIDER must be smsportal, twilio or none, not "${kind}".`);
  }
  const smtpUrl = value('SMTP_URL');
  const from = value('MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  const emailPerSecond = rate(env, 'EMAIL_PER_SECOND', 5);
  const email = smtpUrl ? { url: smtpUrl, from, perSecond: emailPerSecond } : null;
  const concurrency = Math.round(rate(env, 'NOTIFY_CONCURRENCY', 4));
  const costs = { sms: price(env, 'SMS_COST_RAND', DEFAULT_COSTS.sms), email: price(env, 'EMAIL_COST_RAND', DEFAULT_COSTS.email) };
  return { sms, email, concurrency, costs };
}

export function providersFrom(config: NotificationConfig): Record<NotificationChannel, NotificationProvider | null> {
  return {
    sms: config.sms ? (config.sms.kind === 'smsportal' ? smsPortalProvider(config.sms) : twilioProvider(config.sms)) : null,
    email: config.email ? smtpProvider(config.email) : null,
  };
}
