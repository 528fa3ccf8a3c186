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
};

export const DEFAULT_MAIL_FROM = 'Funeral Policy Admin <no-reply@localhost>';

function rate(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

function required(env: NodeJS.ProcessEnv, provider: string, names: readonly string[]): string[] {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=${provider} needs ${missing.join(', ')}.`);
  return names.map((name) => env[name]!.trim());
}

export function loadNotificationConfig(env: NodeJS.ProcessEnv = process.env): NotificationConfig {
  const kind = env.SMS_PROVIDER?.trim().toLowerCase() || 'none';
  const smsPerSecond = rate(env, 'SMS_PER_SECOND', 10);
  let sms: NotificationConfig['sms'] = null;
  if (kind === 'smsportal') {
    const [clientId, apiSecret] = required(env, kind, ['SMSPORTAL_CLIENT_ID', 'SMSPORTAL_API_SECRET']);
    sms = {
      kind,
      clientId: clientId!,
      apiSecret: apiSecret!,
      baseUrl: env.SMSPORTAL_BASE_URL?.trim() || 'https://rest.smsportal.com',
      perSecond: smsPerSecond,
    };
  } else if (kind === 'twilio') {
    const [accountSid, authToken, from] = required(env, kind, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
    sms = {
      kind,
      accountSid: accountSid!,
      authToken: authToken!,
      from: from!,
      baseUrl: env.TWILIO_BASE_URL?.trim() || 'https://api.twilio.com',
      perSecond: smsPerSecond,
    };
  } else if (kind !== 'none') {
    throw new Error(`SMS_PROVIDER must be smsportal, twilio or none, not "${kind}".`);
  }
  const smtpUrl = env.SMTP_URL?.trim();
  const email = smtpUrl
    ? { url: smtpUrl, from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM, perSecond: rate(env, 'EMAIL_PER_SECOND', 5) }
    : null;
  const concurrency = Math.round(rate(env, 'NOTIFY_CONCURRENCY', 4));
  return { sms, email, concurrency };
}

export function providersFrom(config: NotificationConfig): Record<NotificationChannel, NotificationProvider | null> {
  return {
    sms: config.sms ? (config.sms.kind === 'smsportal' ? smsPortalProvider(config.sms) : twilioProvider(config.sms)) : null,
    email: config.email ? smtpProvider(config.email) : null,
  };
}
