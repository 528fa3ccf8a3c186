import type { RequestContext } from '../context.ts';
import { afterLaggingWrite, errorResponse, jsonError, toErrorAnswer } from '../errors.ts';
import { authorize, type Operation } from '../auth/policy.ts';
import { findUnsafeText } from '@fpa/write-model/validation';
import { isJsonContentType, JSON_REQUIRED } from '../cross-site.ts';
import type { AnyEndpoint } from '../commands/expose.ts';
import type { ZodType } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteInput = { params: Record<string, string>; body: unknown; query: URLSearchParams };
export type Route = {
  method: Method;
  /** '/api/members/:id' style; a ':name' segment matches one path segment. */
  path: string;
  /**
   * What the caller must be allowed (auth/policy.ts), checked before the body is read: a caller
   * without it gets 401/403 whatever they send. Handlers scope further (own company, own record).
   */
  operation: Operation;
  /** Status of a successful answer (default 200). */
  status?: number;
  /**
   * The handler reads `ctx.request.body` itself (a file upload streamed to storage): the gateway
   * neither buffers the body under MAX_BODY_BYTES nor parses it as JSON; `input.body` is undefined.
   */
  rawBody?: boolean;
  /**
   * The body is a form (application/x-www-form-urlencoded: a payment provider's notification, a
   * hosted page's buttons), buffered under MAX_BODY_BYTES like JSON; `input.body` is its
   * URLSearchParams, in the order sent (signatures depend on it).
   */
  form?: boolean;
  /** The command endpoint the route was built from (commands/expose.ts), when it was. */
  command?: AnyEndpoint;
  /**
   * The route's part of the OpenAPI document (openapi/document.ts), when the route carries it: it wins
   * over the maps in openapi/ keyed by "METHOD /api/path/:param". Schemas only describe; the handler
   * still parses its input with the command's own schema.
   */
  openapi?: { body?: ZodType; query?: ZodType; answer?: ZodType; summary?: string };
  /** Answers JSON with `status`; a Response it returns (a file download) is passed on as it is. */
  handler(ctx: RequestContext, input: RouteInput): unknown;
};

type CompiledRoute = Route & { segments: string[] };

export const MALFORMED_JSON = 'The request body is not valid JSON.';

/**
 * The /api REST shim: a route table mapping each route of the specification to the same
 * operations GraphQL uses. Answers are JSON; refusals are `{message, code, issues}` with a 4xx.
 */
export function createRestRouter(routes: readonly Route[]) {
  // By their number of segments: a request is matched against the routes of its length only (issue #26: matching it
  // against every route made 20 kB of garbage a request).
  const bySize = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const segments = split(route.path);
    const sameSize = bySize.get(segments.length) ?? [];
    sameSize.push({ ...route, segments });
    bySize.set(segments.length, sameSize);
  }

  function matching(pathname: string) {
    const segments = split(pathname);
    const found: { route: CompiledRoute; params: Record<string, string> }[] = [];
    for (const route of bySize.get(segments.length) ?? []) {
      const params = match(route.segments, segments);
      if (params) found.push({ route, params });
    }
    return found;
  }

  /** `bodyText`: the body already read (the gateway buffers it under its limit), so it is not read again. */
  async function handleRest(ctx: RequestContext, request: Request, bodyText: string | null = null): Promise<Response> {
    const url = new URL(request.url);
    const matches = matching(url.pathname);
    if (matches.length === 0) return jsonError(404, `Not found: ${request.method} ${url.pathname}`, 'NOT_FOUND');
    const found = matches.find((m) => m.route.method === request.method);
    if (!found) {
      const allowed = [...new Set(matches.map((m) => m.route.method))].join(', ');
      const answer = jsonError(405, `Method ${request.method} is not allowed on ${url.pathname}`, 'METHOD_NOT_ALLOWED');
      answer.headers.set('allow', allowed);
      return answer;
    }
    try {
      authorize(ctx.user, found.route.operation);
    } catch (error) {
      const { status, body: errorBody } = toErrorAnswer(error, ctx.services.logger);
      return Response.json(errorBody, { status });
    }
    let body: unknown = undefined;
    const text = found.route.rawBody || request.method === 'GET' || request.method === 'DELETE' ? '' : (bodyText ?? (await request.text()));
    // A body is JSON, said so by its Content-Type: a form or text/plain body is what a page on
    // another site can send without a CORS preflight (cross-site.ts). Form routes read forms.
    if (!found.route.form && text.trim() !== '' && !isJsonContentType(request.headers.get('content-type'))) {
      return jsonError(415, JSON_REQUIRED, 'UNSUPPORTED_MEDIA_TYPE');
    }
    if (found.route.form) {
      body = new URLSearchParams(text);
    } else if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return jsonError(400, MALFORMED_JSON, 'MALFORMED_JSON');
      }
    }
    // Path, query and body are checked for text PostgreSQL cannot hold before any handler (queries
    // included, which parse no schema) passes them on: a clear 400 instead of a database error.
    // A body's issue path is the field's own, as the command's schema would report it.
    const unsafe = findUnsafeText(body) ?? findUnsafeText({ params: found.params, query: url.searchParams });
    if (unsafe) return jsonError(400, unsafe.message, 'VALIDATION_FAILED', [unsafe]);
    try {
      const input = { params: found.params, body: found.route.rawBody ? undefined : (body ?? {}), query: url.searchParams };
      const result = await found.route.handler(ctx, input);
      if (result instanceof Response) return result;
      return Response.json(result ?? { ok: true }, { status: found.route.status ?? 200 });
    } catch (error) {
      const answer = toErrorAnswer(error, ctx.services.logger);
      // A slowed sign-in or a failover says when to try again (Retry-After).
      return errorResponse(ctx.projectionLag.timedOut ? afterLaggingWrite(answer) : answer);
    }
  }

  /** True when the request goes to a `rawBody` route, whose body the gateway must leave unread. */
  function takesRawBody(request: Request): boolean {
    const { pathname } = new URL(request.url);
    return matching(pathname).some((m) => m.route.method === request.method && m.route.rawBody === true);
  }

  return Object.assign(handleRest, { takesRawBody });
}

/** A JSON answer already written as text (a whole list from the database: json-list.ts), sent as it is. */
export function jsonText(text: string): Response {
  return new Response(text, { headers: { 'content-type': 'application/json' } });
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function match(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  // The fixed segments first: most routes differ there, and need no parameters made.
  for (let i = 0; i < pattern.length; i++) if (!pattern[i]!.startsWith(':') && pattern[i] !== actual[i]) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(':')) {
      const value = decodeSegment(a);
      if (value === null) return null; // a malformed %-escape matches no route: 404, not a crash
      params[p.slice(1)] = value;
    } else if (p !== a) return null;
  }
  return params;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
