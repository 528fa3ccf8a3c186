import type { Logger } from 'pino';
import type { AssistantModelConfig } from './assistant.config.ts';
import type { HelpArticle } from './help.ts';
import type { ChatMessage } from './intents.ts';

/**
 * The assistant's optional language model: an OpenAI-compatible chat completions call whose context is
 * only what the built-in assistant already found for this user — the help articles the question
 * retrieved and the figures (or refusals) the caller's own permissions and company produced. The model
 * can word an answer better; it can never see more than the user could have been told without it.
 */
export type ModelContext = {
  /** The asker's role, as the screens name it ('policy admin'). */
  role: string;
  articles: readonly HelpArticle[];
  /** Answers to figure questions, computed within the caller's company and permissions (or the refusal). */
  figures: readonly string[];
};

export type ModelMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A history turn longer than this is cut: the question itself is capped at 2000 characters. */
const MAX_TURN_CHARS = 4000;
/** An answer longer than this is not a chat answer; it is treated as a failure. */
const MAX_ANSWER_CHARS = 8000;

export const SYSTEM_PROMPT = `You are the assistant built into Funeral Policy Admin, the web application South African funeral-insurance companies use to run their business: policy types, members and their families, policies, death claims with their documents, premium payments, group schemes, sales agents, client onboarding, new sales, reports, company settings, the subscription plan and staff roles.

The application's screens and their routes: Dashboard /, Members /members, Policy Types /policy-types, Policies /policies, Claims /claims, Payments /payments, Agents /agents, Group Schemes /group-schemes, Reports /reports, Documents /documents, Client Onboarding /onboarding, New Sales /new-sales, Settings /settings, Subscription /subscription, Role Management /role-management.

Rules:
- Answer only from the context message that follows (help articles and the user's figures). Do not use outside knowledge about this product or the user's company.
- Never invent a number. Quote figures exactly as the context gives them and say where they come from. If the context says a figure is not available to the user's role, say so politely and do not guess it.
- If the context does not answer the question, say that you don't know and suggest the closest help topics from the context by title and route.
- Name the screen where a task is done by its route written plainly, for example /claims (no Markdown links), so the chat can link it. Give steps as a short numbered list.
- Amounts are South African rand (R). Be brief and friendly.`;

function contextMessage(context: ModelContext): string {
  const articles = context.articles.length
    ? context.articles.map((a) => `### ${a.title} (${a.route})\n${a.body}`).join('\n\n')
    : '(none matched the question)';
  const figures = context.figures.length ? context.figures.map((f) => `- ${f}`).join('\n') : '(the question asked for no figures)';
  return `Context for this question. The user is signed in as: ${context.role}.\n\nHelp articles:\n${articles}\n\nThe user's figures (from their own company's records, within their role's permissions):\n${figures}`;
}

const cut = (text: string) => (text.length > MAX_TURN_CHARS ? `${text.slice(0, MAX_TURN_CHARS)}…` : text);

/** The request body: system rules, the context, the conversation so far, then the question. */
export function modelRequest(model: string, message: string, history: readonly ChatMessage[], context: ModelContext) {
  const messages: ModelMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'system', content: contextMessage(context) },
    ...history.map((turn) => ({ role: turn.role, content: cut(turn.content) })),
    { role: 'user', content: message },
  ];
  return { model, messages };
}

/** The answer's text, or null when the body is not a chat completion with a non-empty answer. */
export function answerOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const content = (choices[0] as { message?: { content?: unknown } } | null)?.message?.content;
  if (typeof content !== 'string') return null;
  const answer = content.trim();
  return answer !== '' && answer.length <= MAX_ANSWER_CHARS ? answer : null;
}

/**
 * Asks the model; null on any failure (unreachable, non-2xx, timeout, not a chat completion), which
 * is logged — without the key or the conversation — so the caller gives the built-in answer instead.
 */
export async function askModel(
  config: AssistantModelConfig,
  logger: Logger,
  message: string,
  history: readonly ChatMessage[],
  context: ModelContext,
): Promise<string | null> {
  const started = Date.now();
  const failed = (reason: string, details: Record<string, unknown> = {}) => {
    logger.warn(
      { model: config.model, reason, ms: Date.now() - started, ...details },
      'assistant model failed; the built-in answer was given',
    );
    return null;
  };
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
      },
      body: JSON.stringify(modelRequest(config.model, message, history, context)),
      // Covers reading the body too: a model that starts answering and stalls is cut off as well.
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) return failed('status', { status: response.status });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return failed('not JSON', { status: response.status });
    }
    return answerOf(body) ?? failed('not a chat completion answer', { status: response.status });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    if (name === 'TimeoutError' || name === 'AbortError') return failed('timeout', { timeoutMs: config.timeoutMs });
    // The error's own message (e.g. ECONNREFUSED), never the request: that holds the key.
    return failed('unreachable', {
      error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
    });
  }
}
