/**
 * The optional language model behind the assistant: an OpenAI-compatible chat completions endpoint.
 *  - ASSISTANT_LLM_URL: the endpoint itself (e.g. https://api.openai.com/v1/chat/completions, or a
 *    local server's http://127.0.0.1:11434/v1/chat/completions); unset, the built-in assistant answers alone;
 *  - ASSISTANT_LLM_KEY: sent as `Authorization: Bearer <key>` (local servers may need none);
 *  - ASSISTANT_LLM_MODEL: the model name sent with each request;
 *  - ASSISTANT_LLM_TIMEOUT_MS: how long a question may wait for the model before the built-in answer is given.
 */
export type AssistantModelConfig = { url: string; key: string | null; model: string; timeoutMs: number };

export const DEFAULT_ASSISTANT_MODEL = 'gpt-4o-mini';
export const DEFAULT_ASSISTANT_TIMEOUT_MS = 8000;

export function assistantModelConfig(env: NodeJS.ProcessEnv): AssistantModelConfig | null {
  const url = env.ASSISTANT_LLM_URL?.trim();
  const key = env.ASSISTANT_LLM_KEY?.trim() || null;
  if (!url) {
    // A key with nowhere to send it is a half-done configuration, not a reason to answer without the model silently.
    if (key) throw new Error('ASSISTANT_LLM_KEY is set but ASSISTANT_LLM_URL is not: set the chat completions endpoint too.');
    return null;
  }
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new Error(
      'ASSISTANT_LLM_URL must be an http(s) URL of a chat completions endpoint, e.g. https://api.openai.com/v1/chat/completions.',
    );
  }
  const rawTimeout = env.ASSISTANT_LLM_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_ASSISTANT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error('ASSISTANT_LLM_TIMEOUT_MS must be a whole number of milliseconds above 0.');
  return { url, key, model: env.ASSISTANT_LLM_MODEL?.trim() || DEFAULT_ASSISTANT_MODEL, timeoutMs };
}
