import nodemailer from 'nodemailer';
import type { NotificationChannel } from './templates.ts';

/*
 * The providers that send (issue #24): SMS through SMSPortal's or Twilio's REST API (fetch, base URL
 * overridable for a proxy or a test server), e-mail through SMTP (nodemailer, as the password reset).
 * A provider answers what happened; the dispatcher decides what the row becomes.
 */

export type OutgoingMessage = { to: string; subject: string | null; text: string };

/** `temporary`: worth trying again (a 5xx, a network failure, SMTP 4xx); otherwise final, with the provider's reason. */
export type SendResult = { ok: true; providerMessageId: string | null } | { ok: false; temporary: boolean; reason: string };

export type NotificationProvider = {
  name: string;
  channel: NotificationChannel;
  /** Messages a second this provider accepts from us (its rate limit). */
  perSecond: number;
  send(message: OutgoingMessage): Promise<SendResult>;
};

export type SmsPortalConfig = {
  kind: 'smsportal';
  clientId: string;
  apiSecret: string;
  baseUrl: string;
  perSecond: number;
  /** The secret in the delivery-report webhook's URL (POST /api/notifications/receipts/smsportal/{token}); no receipts when null. */
  webhookToken: string | null;
};
export type TwilioConfig = {
  kind: 'twilio';
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
  perSecond: number;
  /** Where Twilio posts delivery receipts (POST /api/notifications/receipts/twilio on the gateway); none when null. */
  statusCallbackUrl: string | null;
};
export type SmtpConfig = { url: string; from: string; perSecond: number };

const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/** The reason in a provider's error answer (its message when it gives one), cut to a readable length. */
async function reasonOf(response: Response): Promise<string> {
  const raw = await response.text().catch(() => '');
  let detail = raw;
  try {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const errors = Array.isArray(body.errors) ? body.errors : Array.isArray(body.Errors) ? body.Errors : null;
    const first = errors?.[0] as Record<string, unknown> | undefined;
    detail = String(body.message ?? body.Message ?? first?.errorMessage ?? first?.ErrorMessage ?? first?.message ?? raw);
  } catch {
    // Not JSON: the text as it came.
  }
  return `${response.status}${detail ? `: ${detail.trim().slice(0, 300)}` : ''}`;
}

async function post(url: string, init: RequestInit): Promise<Response | SendResult> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    return { ok: false, temporary: true, reason: `network: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function failure(response: Response): Promise<SendResult> {
  const temporary = response.status >= 500 || response.status === 429 || response.status === 408;
  return { ok: false, temporary, reason: await reasonOf(response) };
}

/** SMSPortal (South Africa): POST /v1/bulkmessages with the API credentials as Basic auth. */
export function smsPortalProvider(config: SmsPortalConfig): NotificationProvider {
  return {
    name: 'smsportal',
    channel: 'sms',
    perSecond: config.perSecond,
    async send(message) {
      const response = await post(`${config.baseUrl.replace(/\/$/, '')}/v1/bulkmessages`, {
        method: 'POST',
        headers: {
          authorization: basic(config.clientId, config.apiSecret),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        // SMSPortal's destinations are international numbers without the plus.
        body: JSON.stringify({ messages: [{ content: message.text, destination: message.to.replace(/^\+/, '') }] }),
      });
      if (!(response instanceof Response)) return response;
      if (!response.ok) return failure(response);
      const body = (await response.json().catch(() => ({}))) as { eventId?: unknown; EventId?: unknown };
      const id = body.eventId ?? body.EventId;
      return { ok: true, providerMessageId: id == null ? null : String(id) };
    },
  };
}

/** Twilio: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, the account SID and token as Basic auth. */
export function twilioProvider(config: TwilioConfig): NotificationProvider {
  return {
    name: 'twilio',
    channel: 'sms',
    perSecond: config.perSecond,
    async send(message) {
      const response = await post(
        `${config.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: { authorization: basic(config.accountSid, config.authToken), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            To: message.to,
            From: config.from,
            Body: message.text,
            ...(config.statusCallbackUrl ? { StatusCallback: config.statusCallbackUrl } : {}),
          }).toString(),
        },
      );
      if (!(response instanceof Response)) return response;
      if (!response.ok) return failure(response);
      const body = (await response.json().catch(() => ({}))) as { sid?: unknown };
      return { ok: true, providerMessageId: typeof body.sid === 'string' ? body.sid : null };
    },
  };
}

/** E-mail over SMTP. SMTP's own codes: 4xx is temporary, 5xx final; no answer at all is temporary. */
export function smtpProvider(config: SmtpConfig): NotificationProvider {
  const transport = nodemailer.createTransport(config.url);
  return {
    name: 'smtp',
    channel: 'email',
    perSecond: config.perSecond,
    async send(message) {
      try {
        const info = await transport.sendMail({ from: config.from, to: message.to, subject: message.subject ?? '', text: message.text });
        return { ok: true, providerMessageId: typeof info.messageId === 'string' ? info.messageId : null };
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; message?: string };
        const code = typeof e.responseCode === 'number' ? e.responseCode : null;
        const reason = (e.response ?? e.message ?? String(error)).slice(0, 300);
        return { ok: false, temporary: code === null || (code >= 400 && code < 500), reason };
      }
    },
  };
}
