import { DomainError, ValidationError } from '@fpa/write-model';
import { roleLabel } from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { authorize } from '../auth/policy.ts';
import { createHelpIndex, type HelpArticle, type HelpHit } from './help.ts';
import { detectFollowUp, detectIntent, type ChatMessage } from './intents.ts';
import { answerFigure } from './figures.ts';
import { createRateLimiter } from './rate-limit.ts';
import { askModel } from './model.ts';

export const MAX_MESSAGE_CHARS = 2000;
/** Only the recent turns matter for a follow-up; older ones are ignored rather than refused. */
const MAX_HISTORY = 20;
export const BLANK_MESSAGE = 'Please type a question for the assistant.';
export const TOO_LONG = `Your question is too long: please keep it under ${MAX_MESSAGE_CHARS} characters.`;
export const RATE_LIMITED = 'You are asking questions too quickly. Please wait a minute and try again.';
export const NOT_SURE = "I'm sorry, I don't know the answer to that.";

/**
 * Below this score a help match is a coincidence of words, not an answer. Calibrated on the question
 * table in assistant.e2e.test.ts: answered questions score well above it, unrelated ones below.
 */
export const MIN_SCORE = 15;

const help = createHelpIndex();
// In-process and per gateway process: with several replicas each keeps its own count (acceptable for
// a help chat; a shared store would be needed for a strict limit).
const limiter = createRateLimiter({ max: 30, windowMs: 60_000 });

export type AskInput = { message?: unknown; conversationHistory?: unknown };

export async function askAssistant(ctx: RequestContext, input: AskInput): Promise<{ response: string }> {
  const user = authorize(ctx.user, 'assistant.ask')!;
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (message === '') throw new ValidationError(BLANK_MESSAGE, [{ path: ['message'], message: BLANK_MESSAGE }]);
  if (message.length > MAX_MESSAGE_CHARS) throw new ValidationError(TOO_LONG, [{ path: ['message'], message: TOO_LONG }]);
  if (!limiter.allow(user.id)) throw new DomainError('RATE_LIMITED', RATE_LIMITED);

  const history = historyOf(input.conversationHistory);
  const intent = detectIntent(message) ?? detectFollowUp(message, history);
  // Computed within the caller's company and permissions (a refusal otherwise): all a model may see too.
  const figure = intent ? await answerFigure(ctx, user, intent) : null;
  const hits = help.search(message);
  const builtIn = figure ?? fromHelp(hits);

  const model = ctx.services.config.assistantModel;
  if (!model) return { response: builtIn };
  const context = { role: roleLabel(user.role), articles: passages(message, hits, history), figures: figure ? [figure] : [] };
  const answer = await askModel(model, ctx.services.logger, message, history, context);
  return { response: answer ?? builtIn };
}

function fromHelp(hits: HelpHit[]): string {
  const best = hits[0];
  return best && best.score >= MIN_SCORE ? howTo(best, hits) : dontKnow(hits);
}

/**
 * The help articles a model gets: those the question matches; for a short follow-up ("and how do I
 * export it?") those the question matches together with the previous one; else the nearest topics,
 * so that it can suggest them as the built-in answer would.
 */
function passages(message: string, hits: HelpHit[], history: ChatMessage[]): HelpArticle[] {
  const relevant = (found: HelpHit[]) => found.filter((h) => h.score >= MIN_SCORE).slice(0, 3);
  let chosen = relevant(hits);
  const previous = [...history].reverse().find((m) => m.role === 'user')?.content;
  if (chosen.length === 0 && previous) chosen = relevant(help.search(`${previous} ${message}`));
  return chosen.length ? chosen.map((h) => h.article) : nearest(hits);
}

/** The nearest articles, or the commonest tasks when none is near. */
const COMMONEST = ['register-member', 'submit-claim', 'member-limit-tiers'];

/** Up to three: the nearest articles, then the commonest tasks to make up the three. */
function nearest(hits: HelpHit[]): HelpArticle[] {
  const near = hits.slice(0, 3).map((h) => h.article);
  const common = help.articles.filter((a) => COMMONEST.includes(a.id) && !near.includes(a));
  return [...near, ...common].slice(0, 3);
}

function historyOf(value: unknown): ChatMessage[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw new ValidationError('conversationHistory must be a list of messages', [
      { path: ['conversationHistory'], message: 'Must be a list of messages' },
    ]);
  return value
    .filter((m: unknown): m is ChatMessage => {
      if (typeof m !== 'object' || m === null) return false;
      const { role, content } = m as { role?: unknown; content?: unknown };
      return (role === 'user' || role === 'assistant') && typeof content === 'string';
    })
    .slice(-MAX_HISTORY);
}

const topic = (a: HelpArticle) => `${a.title} (${a.route})`;

/** The article's own steps, quoted, with the screen first so the widget can link it. */
function howTo(best: HelpHit, hits: HelpHit[]): string {
  const { article } = best;
  const related = hits.slice(1, 3).filter((h) => h.score >= MIN_SCORE && h.score >= best.score / 2);
  const seeAlso = related.length ? `\n\nSee also: ${related.map((h) => topic(h.article)).join('; ')}.` : '';
  return `${article.title} — on ${article.route}:\n${article.steps.join('\n')}${seeAlso}`;
}

/** Never a guess: say so and point at the nearest articles (or the commonest tasks when none is near). */
function dontKnow(hits: HelpHit[]): string {
  const suggestions = nearest(hits);
  return `${NOT_SURE} I can answer questions about using the system and your company's figures (policies, members, claims, revenue, premiums; for agents, their own commission and clients). These help topics may be close:\n${suggestions.map((a) => `- ${topic(a)}`).join('\n')}`;
}
