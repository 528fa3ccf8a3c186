import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { DatabaseTemplate, TestDriver } from '@fpa/write-model/testing';
import { migrateWriteModel } from '@fpa/write-model';
import { createKeyring, openEventStore } from '@fpa/write-model/event-store';
import { allProjectors, createProjectionEngine } from '@fpa/projections';
import { loadConfig, type Config } from './config.ts';
import { createServices, type Services } from './services.ts';
import { createApp, type App } from './yoga.ts';
import { routes } from './rest/index.ts';
import { openApiDocument } from './openapi/document.ts';
import { answerChecker, type AnswerChecker } from './openapi/answer-check.ts';

// The JSON answer of whichever endpoint a test called; the test asserts on its shape. Deliberately
// `any` (the one place besides reliability/harness.ts): typing every endpoint's answer in ~50 test
// files would add casts, not checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Answer = { status: number; body: any; headers: Headers };

let checker: AnswerChecker | null = null;
/** The OpenAPI answer check (openapi/answer-check.ts), compiled once per test process. */
const openApiCheck = () => (checker ??= answerChecker(openApiDocument(routes)));

/**
 * The tables createServices makes on a new database, made once per test run and copied for each test
 * app: the write model's, the keyring's and the event store's, and every projector's read model at its
 * current version with an empty log behind it. No event, key or marker: createServices still records
 * the built-in plans, takes its one-time data migrations and runs its (idempotent) migrations on each copy.
 */
const gatewayTables: DatabaseTemplate = {
  name: 'gateway',
  async prepare(sql) {
    await migrateWriteModel(sql);
    const store = await openEventStore(sql, await createKeyring(sql, randomBytes(32)), { eventStoreUrl: null });
    const engine = createProjectionEngine({ sql, store, projectors: allProjectors, logger: { info() {}, warn() {}, error() {} } });
    await engine.start();
    await engine.stop();
    await store.close();
  },
};

/**
 * The whole gateway on a fresh test database, driven through its fetch handler. Every /api answer
 * `request` gets is checked against the OpenAPI document (GET /api/openapi.json): a status or body
 * the document does not allow fails the test. OPENAPI_CHECK=0 turns the check off (`answerCheck`
 * for one app).
 */
export async function startTestApp(
  driver: TestDriver,
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  options: { answerCheck?: boolean } = {},
) {
  const checking = options.answerCheck ?? process.env.OPENAPI_CHECK !== '0';
  // Each test app keeps its files (uploaded objects) in a folder of its own.
  const dataDir = mkdtempSync(join(tmpdir(), 'fpa-test-'));
  const config: Config = {
    // The daily run by itself is off in tests unless asked for: a test steps the clock and runs it (services.dailySchedule.tick).
    ...loadConfig({ DATA_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', DATA_DIR: dataDir, DAILY_RUN_AT: 'off', ...env }),
    readYourWritesTimeoutMs: 10_000,
    ...overrides,
  };
  // The template is what this process would make itself: its projectors run here, its events in PostgreSQL.
  const embedded = config.projections === 'on' && !config.eventStoreUrl;
  const db = await driver.create(embedded ? { template: gatewayTables } : {});
  const services: Services = await createServices(config, pino({ level: 'silent' }), { sql: db.sql });
  const app: App = createApp(services);

  async function request(
    method: string,
    path: string,
    body?: unknown,
    options: { token?: string; headers?: Record<string, string>; ip?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers,
        ...(body !== undefined
          ? { body: typeof body === 'string' ? body : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body) }
          : {}),
      }),
      { ip: options.ip ?? '127.0.0.1' },
    );
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    if (checking && path.startsWith('/api/')) {
      const mismatch = openApiCheck()(method, path, response.status, response.headers.get('content-type'), parsed);
      if (mismatch)
        throw new Error(
          `OpenAPI answer check (OPENAPI_CHECK=0 turns it off): ${mismatch}\nanswer: ${JSON.stringify(parsed)?.slice(0, 600)}`,
        );
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
    return request('POST', '/graphql', { query, variables }, token ? { token } : {});
  }

  return {
    app,
    services,
    config,
    request,
    graphql,
    async close() {
      await services.close();
      await db.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export type SentReset = { to: string; link: string; username: string };

/**
 * Replaces the app's mailer with one that keeps what it would have sent: the reset link reaches a
 * test the way it reaches a user, never through the HTTP answer.
 */
export function captureMail(t: TestApp): SentReset[] {
  const sent: SentReset[] = [];
  t.services.mailer = {
    async sendPasswordReset(to, link, username) {
      sent.push({ to, link, username });
      return true;
    },
  };
  return sent;
}

/** The token of the last reset link e-mailed to `to`. */
export function lastResetToken(sent: readonly SentReset[], to: string): string {
  const mail = sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  if (!mail) throw new Error(`no reset link was sent to ${to}`);
  return new URL(mail.link).searchParams.get('token')!;
}

/** A valid SA ID: a real date of birth, and the Luhn check digit computed, not hard-coded. */
export function makeSaId(dateOfBirth = '850615', sequence = '5009', citizen = '0', race = '8'): string {
  const first12 = `${dateOfBirth}${sequence}${citizen}${race}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    let digit = Number(first12[11 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

let counter = 0;
export function registration(overrides: Record<string, unknown> = {}) {
  counter++;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    username: `admin${suffix}`,
    password: 'secret1',
    email: `admin${suffix}@example.co.za`,
    firstName: 'Thandi',
    lastName: 'Nkosi',
    companyName: `Ubuntu Funeral Cover ${suffix}`,
    cipNumber: `2019/${String(100000 + (counter % 899999)).padStart(6, '0')}/07`,
    adminSaId: makeSaId(),
    companyEmail: `info${suffix}@ubuntu.co.za`,
    companyPhone: '0821234567',
    ...overrides,
  };
}

/**
 * Signs in `times` times with a wrong password. Sign-in is slowed after the 2nd failure: on a 429
 * with Retry-After the test clock (services.now) is moved past the delay and the attempt repeated,
 * never by sleeping. Returns the statuses of the attempts that were checked or locked out.
 */
export async function wrongSignIns(
  t: TestApp,
  username: string,
  times: number,
  options: { ip?: string | ((i: number) => string) } = {},
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) {
    const ip = typeof options.ip === 'function' ? options.ip(i) : options.ip;
    for (;;) {
      const answer = await t.request('POST', '/api/login', { username, password: `wrong-${i}` }, ip ? { ip } : {});
      const retryAfter = Number(answer.headers.get('retry-after'));
      if (answer.status !== 429 || !retryAfter) {
        answers.push(answer);
        break;
      }
      const base = t.services.now().getTime() + retryAfter * 1000;
      const started = Date.now();
      t.services.now = () => new Date(base + (Date.now() - started));
    }
  }
  return answers;
}
