import type { Route } from '../rest/router.ts';
import { askAssistant } from './assistant.ts';

/** Spec part 1 §7: POST /api/ai-assistant {message, conversationHistory} → {response}. */
export const assistantRoutes: Route[] = [
  { method: 'POST', path: '/api/ai-assistant', operation: 'assistant.ask', handler: (ctx, { body }) => askAssistant(ctx, body ?? {}) },
];
