import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { staffToken } from '../role-sessions.testing.ts';
import { SYSTEM_PROMPT } from './model.ts';
import { seedPortfolio } from './assistant.seed.testing.ts';

const rand = (n: number) => `R ${n.toLocaleString('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const KEY = 'sk-test-4f1c0b7e9d';
const MODEL_ANSWER = 'From the model: open Members (/members) and press Add Family Member.';
type Behaviour = 'answer' | 'error' | 'slow' | 'garbage' | 'no-choices';
/** What the gateway sends: an OpenAI chat completions request. */
type ChatRequest = { model: string; messages: { role: string; content: string }[] };
type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: ChatRequest; raw: string };

/** A chat completions server speaking the OpenAI protocol, doing what the test tells it to. */
async function startFakeModel() {
  const seen: Seen[] = [];
  const state = { behaviour: 'answer' as Behaviour };
  const timers = new Set<NodeJS.Timeout>();
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as ChatRequest;
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, raw });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: MODEL_ANSWER }, finish_reason: 'stop' }],
    };
    switch (state.behaviour) {
      case 'answer':
        return json(200, completion);
      case 'error':
        return json(500, { error: { message: 'The server had an error while processing your request.' } });
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"choices": [ this is not json');
      case 'no-choices':
        return json(200, { id: 'chatcmpl-2', object: 'chat.completion', choices: [] });
      case 'slow': {
        const timer = setTimeout(() => json(200, completion), 5000);
        timers.add(timer);
        return;
      }
    }
  };
  // A failure in the fake is the test's own bug: left unhandled, vitest reports it and fails the run.
  const server = createServer((req, res) => void respond(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
    seen,
    state,
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(testDrivers())('the assistant with a language model on $name', (driver) => {
  let t: TestApp;
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  let companyA: string;
  let adminB: string;
  let logs: string[];
  const adminOfA = () => staffToken(t, companyA, 'administrator');
  const ask = async (token: string, message: string, conversationHistory: unknown[] = []) => {
    const answer = await t.request('POST', '/api/ai-assistant', { message, conversationHistory }, { token });
    expect(answer.status).toBe(200);
    return answer.body.response as string;
  };
  /** The context message of the last request the model received. */
  const lastContext = () => model.seen.at(-1)!.body.messages[1]!.content;

  beforeAll(async () => {
    model = await startFakeModel();
    t = await startTestApp(
      driver,
      {},
      { ASSISTANT_LLM_URL: model.url, ASSISTANT_LLM_KEY: KEY, ASSISTANT_LLM_MODEL: 'test-model', ASSISTANT_LLM_TIMEOUT_MS: '500' },
    );
    const a = (await t.request('POST', '/api/register', registration())).body;
    companyA = a.user.companyId;
    adminB = (await t.request('POST', '/api/register', registration())).body.token;
    // A: 3 active policies at R250.50 and 1 lapsed; B: 1 active at R99 and 2 lapsed.
    await seedPortfolio(t, a.token, '250.50', ['active', 'active', 'active', 'lapsed']);
    await seedPortfolio(t, adminB, '99', ['active', 'lapsed', 'lapsed']);
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.state.behaviour = 'answer';
    logs = [];
    t.services.logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(line) });
  });

  it("sends the rules, the context, the conversation and the question, and gives the model's answer", async () => {
    const history = [
      { role: 'user', content: 'how many active policies do we have' },
      { role: 'assistant', content: 'You have 3 active policies out of 4.' },
    ];
    expect(await ask(await adminOfA(), 'how do I add my wife to my policy', history)).toBe(MODEL_ANSWER);
    const request = model.seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body.model).toBe('test-model');
    const messages = request.body.messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toBe(SYSTEM_PROMPT);
    expect(messages[1]!.content).toContain('signed in as: administrator');
    expect(messages[1]!.content).toContain('### Add a family member (/members)');
    expect(messages[1]!.content).toContain('(the question asked for no figures)');
    expect(messages.slice(2, 4)).toEqual(history);
    expect(messages[4]).toEqual({ role: 'user', content: 'how do I add my wife to my policy' });

    // A figure question carries the figure the built-in assistant computed for this user.
    expect(await ask(await adminOfA(), 'how many active policies do we have')).toBe(MODEL_ANSWER);
    expect(lastContext()).toContain('- You have 3 active policies out of 4');
  });

  it.each([
    ['a 500', 'error', 'status'],
    ['a timeout', 'slow', 'timeout'],
    ['garbage JSON', 'garbage', 'not JSON'],
    ['an answer without choices', 'no-choices', 'not a chat completion answer'],
  ] as const)('falls back to the built-in answer on %s, and logs it without the key', async (_name, behaviour, reason) => {
    model.state.behaviour = behaviour;
    const admin = await adminOfA();
    const asked = model.seen.length;
    const started = Date.now();
    const figure = await ask(admin, 'how many active policies do we have');
    expect(figure).toContain('You have 3 active policies out of 4 (from the count cards on the Policies page (/policies))');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await ask(admin, 'how do I add my wife to my policy')).toMatch(/^Add a family member — on \/members:\n1\. /);
    expect(model.seen.length).toBe(asked + 2);
    const warnings = logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg?.startsWith('assistant model failed'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ reason, model: 'test-model' });
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('falls back when the model cannot be reached', async () => {
    const configured = t.services.config.assistantModel!;
    const closed = await startFakeModel();
    await closed.close();
    t.services.config.assistantModel = { ...configured, url: closed.url };
    try {
      expect(await ask(await adminOfA(), 'how many lapsed policies do we have')).toContain('You have 1 lapsed policy out of 4');
      expect(logs.map((line) => JSON.parse(line)).find((entry) => entry.reason === 'unreachable')).toBeDefined();
      expect(logs.join('\n')).not.toContain(KEY);
    } finally {
      t.services.config.assistantModel = configured;
    }
  });

  it("never puts another company's figures or figures the role may not see into the context", async () => {
    const revenueOfA = rand(3 * 250.5);
    // An agent asking for company revenue: the context holds the refusal, not the figure.
    expect(await ask(await staffToken(t, companyA, 'agent'), 'what is our monthly revenue')).toBe(MODEL_ANSWER);
    expect(lastContext()).toContain('signed in as: agent');
    expect(lastContext()).toContain('company revenue is not available to your role (agent)');
    expect(model.seen.at(-1)!.raw).not.toContain(revenueOfA);
    expect(model.seen.at(-1)!.raw).not.toMatch(/3 active/);
    // A billing clerk may not see the claim counts (nor an agent the member count).
    await ask(await staffToken(t, companyA, 'billing_clerk'), 'how many open claims do we have');
    expect(lastContext()).toContain('the claim counts are not available to your role (billing clerk)');
    await ask(await staffToken(t, companyA, 'agent'), 'how many members do we have');
    expect(lastContext()).toContain('the member count is not available to your role (agent)');
    expect(model.seen.at(-1)!.raw).not.toMatch(/\b4 members\b/);
    // Company B's questions carry B's figures only.
    await ask(adminB, 'what is our monthly revenue');
    expect(lastContext()).toContain(rand(99));
    expect(model.seen.at(-1)!.raw).not.toContain(revenueOfA);
    await ask(adminB, 'how many policies do we have');
    expect(lastContext()).toContain('3 policies in total: 1 active, 2 lapsed');
    expect(model.seen.at(-1)!.raw).not.toMatch(/4 policies|3 active/);
    // And A's administrator sees A's revenue in the context, so the checks above can fail.
    await ask(await adminOfA(), 'what is our monthly revenue');
    expect(lastContext()).toContain(revenueOfA);
  });
});
