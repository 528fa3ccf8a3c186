import type { CommandContext } from '../../command-handling/context.ts';
import { handleIdempotentCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import type { EventStore } from '../../event-store/types.ts';
import {
  DEFAULT_TEMPLATES,
  notificationTemplateResetSchema,
  notificationTemplateSchema,
  type NotificationTemplateInput,
  type NotificationType,
} from '../../validation/index.ts';
import { notificationTemplatesStreamId, type NotificationTemplateEvent } from '../notification-templates.events.ts';
import { evolveNotificationTemplates, initialNotificationTemplates, type NotificationTemplates } from '../notification-templates.state.ts';

const sameText = (a: { subject: string; sms: string; email: string }, b: { subject: string; sms: string; email: string }) =>
  a.subject === b.subject && a.sms === b.sms && a.email === b.email;

/**
 * Settings → message templates: the type's words as sent. Saving the words in force records nothing;
 * saving the default's words while a company template is in force is a reset (the type follows the
 * default from then on).
 */
export function decideSetNotificationTemplate(
  input: NotificationTemplateInput & { companyId: string },
  state: NotificationTemplates,
  ctx: CommandContext,
): NotificationTemplateEvent[] {
  const text = { subject: input.subject, sms: input.sms, email: input.email };
  const current = state.get(input.type);
  const at = ctx.now.toISOString();
  if (sameText(text, current ?? DEFAULT_TEMPLATES[input.type])) return [];
  if (current && sameText(text, DEFAULT_TEMPLATES[input.type]))
    return [{ type: 'NotificationTemplateReset', data: { companyId: input.companyId, messageType: input.type, resetAt: at } }];
  return [{ type: 'NotificationTemplateSet', data: { companyId: input.companyId, messageType: input.type, ...text, setAt: at } }];
}

/** Back to the English default; a type already on it records nothing. */
export function decideResetNotificationTemplate(
  command: { companyId: string; type: NotificationType },
  state: NotificationTemplates,
  ctx: CommandContext,
): NotificationTemplateEvent[] {
  if (!state.has(command.type)) return [];
  return [
    {
      type: 'NotificationTemplateReset',
      data: { companyId: command.companyId, messageType: command.type, resetAt: ctx.now.toISOString() },
    },
  ];
}

const decider = <C>(decide: (c: C, s: NotificationTemplates, ctx: CommandContext) => NotificationTemplateEvent[]) => ({
  initialState: initialNotificationTemplates,
  evolve: evolveNotificationTemplates,
  decide,
});

export async function setNotificationTemplate(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const command = { ...parseInput(notificationTemplateSchema, input), companyId };
  const { append } = await handleIdempotentCommand(store, {
    streamId: notificationTemplatesStreamId(companyId),
    decider: decider(decideSetNotificationTemplate),
    command,
    ctx,
  });
  return { type: command.type, append };
}

export async function resetNotificationTemplate(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const command = { ...parseInput(notificationTemplateResetSchema, input), companyId };
  const { append } = await handleIdempotentCommand(store, {
    streamId: notificationTemplatesStreamId(companyId),
    decider: decider(decideResetNotificationTemplate),
    command,
    ctx,
  });
  return { type: command.type, append };
}

/*
 * The words a company sends in its name are part of its settings: changed by whoever may change the
 * company's information (company:update, the administrator by default), so no new permission.
 */
export const setNotificationTemplateSlice = commandSlice({
  name: 'setNotificationTemplate',
  operation: 'company:update',
  input: () => notificationTemplateSchema,
  handle: ({ store }, { input }, ctx) => setNotificationTemplate(store, input, ctx),
});

export const resetNotificationTemplateSlice = commandSlice({
  name: 'resetNotificationTemplate',
  operation: 'company:update',
  input: () => notificationTemplateResetSchema,
  handle: ({ store }, { input }, ctx) => resetNotificationTemplate(store, input, ctx),
});
