import { describe, expect, it } from 'vitest';
import { assistantModelConfig, DEFAULT_ASSISTANT_MODEL, DEFAULT_ASSISTANT_TIMEOUT_MS } from './assistant.config.ts';
import { answerOf, modelRequest } from './model.ts';

describe('the assistant model configuration', () => {
  it('is off without ASSISTANT_LLM_URL, and refuses a key with nowhere to go', () => {
    expect(assistantModelConfig({})).toBeNull();
    expect(() => assistantModelConfig({ ASSISTANT_LLM_KEY: 'sk-1' })).toThrow(/ASSISTANT_LLM_URL/);
  });

  it('reads the endpoint, key, model and timeout, with defaults', () => {
    expect(
      assistantModelConfig({ ASSISTANT_LLM_URL: ' https://api.openai.com/v1/chat/completions ', ASSISTANT_LLM_KEY: ' sk-1 ' }),
    ).toEqual({
      url: 'https://api.openai.com/v1/chat/completions',
      key: 'sk-1',
      model: DEFAULT_ASSISTANT_MODEL,
      timeoutMs: DEFAULT_ASSISTANT_TIMEOUT_MS,
    });
    // A local server may need no key.
    expect(
      assistantModelConfig({
        ASSISTANT_LLM_URL: 'http://127.0.0.1:11434/v1/chat/completions',
        ASSISTANT_LLM_MODEL: 'llama3.2',
        ASSISTANT_LLM_TIMEOUT_MS: '15000',
      }),
    ).toEqual({
      url: 'http://127.0.0.1:11434/v1/chat/completions',
      key: null,
      model: 'llama3.2',
      timeoutMs: 15000,
    });
  });

  it('stops the start on a URL or timeout that cannot work', () => {
    expect(() => assistantModelConfig({ ASSISTANT_LLM_URL: 'api.openai.com/v1' })).toThrow(/http\(s\) URL/);
    expect(() => assistantModelConfig({ ASSISTANT_LLM_URL: 'ftp://example.com/chat' })).toThrow(/http\(s\) URL/);
    for (const timeout of ['0', '-5', 'soon', '1.5']) {
      expect(() =>
        assistantModelConfig({ ASSISTANT_LLM_URL: 'https://x.example/v1/chat/completions', ASSISTANT_LLM_TIMEOUT_MS: timeout }),
      ).toThrow(/ASSISTANT_LLM_TIMEOUT_MS/);
    }
  });
});

describe('the chat completions protocol', () => {
  it('accepts only a non-empty answer in choices[0].message.content', () => {
    expect(answerOf({ choices: [{ message: { role: 'assistant', content: '  Open /claims.  ' } }] })).toBe('Open /claims.');
    for (const body of [
      null,
      'text',
      {},
      { choices: [] },
      { choices: [null] },
      { choices: [{ message: { content: 42 } }] },
      { choices: [{ message: { content: '   ' } }] },
      { choices: [{ message: { content: 'x'.repeat(8001) } }] },
    ]) {
      expect(answerOf(body)).toBeNull();
    }
  });

  it('cuts very long history turns but never the question', () => {
    const long = 'y'.repeat(5000);
    const { messages } = modelRequest('m', 'the question', [{ role: 'assistant', content: long }], {
      role: 'agent',
      articles: [],
      figures: [],
    });
    expect(messages[2]!.content).toHaveLength(4001);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'the question' });
    expect(messages[1]!.content).toContain('(none matched the question)');
  });
});
