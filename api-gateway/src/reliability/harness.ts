import type { Route } from '../rest/router.ts';
import type { TestApp } from '../testing.ts';

/*
 * Test-only helpers shared by the reliability suites: raw requests (bodies as bytes, any content
 * type), the event count that tells whether anything changed, and the tally each suite reports.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed answer, read by assertions (as Answer.body in ../testing.ts)
export type RawAnswer = { status: number; text: string; json: any; headers: Headers };

let address = 0;

/** One request through the gateway's fetch handler; each from its own address so the login limiter counts per test, not per run. */
export async function send(
  t: TestApp,
  method: string,
  path: string,
  options: {
    body?: string | Uint8Array;
    contentType?: string;
    token?: string | undefined;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  address++;
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: options.body as BodyInit } : {}),
  });
  const response = await t.app.handle(request, {
    ip: options.ip ?? `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, text, json, headers: response.headers };
}

/** Every event ever appended: a refused request must leave it where it was. */
export async function eventCount(t: TestApp): Promise<number> {
  const [row] = await t.services.sql.query<{ n: number }>('select count(*)::int as n from es_events');
  return row!.n;
}

/** Each ':param' of a route's path replaced by `value`. */
export const fillPath = (route: Pick<Route, 'path'>, value: string | (() => string)) =>
  route.path.replace(/:[A-Za-z]+/g, () => (typeof value === 'string' ? value : value()));

export const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/** Requests tried, answers by status, and the findings (each a line naming request and answer). */
export class Tally {
  tried = 0;
  readonly byStatus = new Map<number, number>();
  readonly findings: string[] = [];

  count(status: number) {
    this.tried++;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  find(line: string) {
    this.findings.push(line);
  }

  summary(area: string, extra = ''): string {
    const statuses = [...this.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    return `[reliability] ${area}: ${this.tried} requests, answers ${statuses}, failures found ${this.findings.length}${extra ? `, ${extra}` : ''}`;
  }
}

/**
 * A refusal must say what is wrong: JSON with a non-empty message and a code, or, from the
 * sandbox payment pages a browser is sent to, an HTML page whose title says it.
 */
export function isClearRefusal(answer: RawAnswer): boolean {
  if (typeof answer.json?.message === 'string') return answer.json.message.length > 0 && typeof answer.json?.code === 'string';
  return /<title>[^<]+<\/title>/.test(answer.text);
}

/** The p-th percentile (nearest rank) of the values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
