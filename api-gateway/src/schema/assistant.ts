import { enumType } from '../commands/graphql-input.ts';
import { builder } from '../builder.ts';
import { askAssistant } from '../assistant/assistant.ts';

const ChatRoleEnum = enumType('ChatRole', { values: ['user', 'assistant'] as const });

const ChatMessageInput = builder.inputType('ChatMessageInput', {
  description: 'A prior message of the conversation (spec part 1 §3 Chat message).',
  fields: (t) => ({
    role: t.field({ type: ChatRoleEnum, required: true }),
    content: t.string({ required: true }),
  }),
});

const AssistantResponseType = builder.objectRef<{ response: string }>('AssistantResponse').implement({
  fields: (t) => ({ response: t.exposeString('response') }),
});

builder.mutationFields((t) => ({
  askAssistant: t.field({
    type: AssistantResponseType,
    description:
      "The assistant's answer (POST /api/ai-assistant): help articles and the caller's own figures within their permissions; " +
      'a blank message is refused, and the per-user rate limit is shared with the REST route.',
    args: {
      message: t.arg.string({ required: true }),
      conversationHistory: t.arg({ type: [ChatMessageInput], required: false }),
    },
    resolve: (_root, { message, conversationHistory }, ctx) =>
      askAssistant(ctx, { message, conversationHistory: conversationHistory ?? [] }),
  }),
}));
