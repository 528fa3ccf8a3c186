/*
 * What each message says (issue #24): the templates, their placeholders and the rendering live in the
 * shared validation (write-model/src/validation/notification-templates.ts), which the Settings page and
 * the gateway read too. Here: the template a company has in force, as the outbox projector folds it.
 */

import type { SqlExecutor } from '@fpa/write-model/event-store';
import {
  DEFAULT_TEMPLATES,
  NOTIFICATION_TYPES,
  PLACEHOLDERS_BY_TYPE,
  renderTemplate,
  type NotificationChannel,
  type NotificationType,
  type TemplateText,
  type TemplateValues,
} from '@fpa/write-model/validation';

export { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType } from '@fpa/write-model/validation';
export {
  DEFAULT_TEMPLATES,
  PLACEHOLDERS,
  renderTemplate,
  unknownPlaceholders,
  UnknownPlaceholderError,
  type Placeholder,
  type Template,
  type TemplateValues,
} from '@fpa/write-model/validation';

export type RenderedMessage = { subject: string | null; text: string };

export function renderMessage(template: TemplateText, channel: NotificationChannel, values: TemplateValues): RenderedMessage {
  return channel === 'sms'
    ? { subject: null, text: renderTemplate(template.sms, values) }
    : { subject: renderTemplate(template.subject, values), text: renderTemplate(template.email, values) };
}

/** The company's own words for the type as the projector has folded them so far, else the default. */
export async function templateFor(tx: SqlExecutor, companyId: string, type: NotificationType): Promise<TemplateText> {
  const [row] = await tx.query<TemplateText>(
    `select subject, sms, email from notify_templates where company_id = $1 and message_type = $2`,
    [companyId, type],
  );
  return row ?? DEFAULT_TEMPLATES[type];
}

export type NotificationTemplateView = TemplateText & {
  type: NotificationType;
  channels: readonly NotificationChannel[];
  legallyRequired: boolean;
  placeholders: readonly string[];
  /** True while the company has not set its own words for the type. */
  isDefault: boolean;
  default: TemplateText;
};

/** The company's templates, every type in the catalogue's order: its own words where it set them, else the default. */
export async function listNotificationTemplates(sql: SqlExecutor, companyId: string): Promise<NotificationTemplateView[]> {
  const rows = await sql.query<TemplateText & { message_type: NotificationType }>(
    `select message_type, subject, sms, email from notify_templates where company_id = $1`,
    [companyId],
  );
  const own = new Map(rows.map((r) => [r.message_type, { subject: r.subject, sms: r.sms, email: r.email }]));
  return NOTIFICATION_TYPES.map((type) => {
    const base = DEFAULT_TEMPLATES[type];
    const text = own.get(type) ?? base;
    return {
      type,
      subject: text.subject,
      sms: text.sms,
      email: text.email,
      channels: base.channels,
      legallyRequired: base.legallyRequired,
      placeholders: PLACEHOLDERS_BY_TYPE[type],
      isDefault: !own.has(type),
      default: { subject: base.subject, sms: base.sms, email: base.email },
    };
  });
}
