import type { RequestContext } from '../context.ts';
import { jsonError, toErrorAnswer } from '../errors.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteInput = { params: Record<string, string>; body: unknown; query: URLSearchParams };
export type Route = {
  method: Method;
  /** '/api/members/:id' style; a ':name' segment matches one path segment. */
  path: string;
  /** Status of a successful answer (default 200). */
  status?: number;
  handler(ctx: RequestContext, input: RouteInput): unknown;
};

type CompiledRoute = Route & { segments: string[] };

export const MALFORMED_JSON = 'The request body is not valid JSON.';

/**
 * The /api REST shim: a route table mapping each route of the specification to the same
 * operations GraphQL uses. Answers are JSON; refusals are `{message, code, issues}` with a 4xx.
 */
export function createRestRouter(routes: readonly Route[]) {
  const compiled: CompiledRoute[] = routes.map((route) => ({ ...route, segments: split(route.path) }));

  return async function handleRest(ctx: RequestContext, request: Request): Promise<Response> {
    const url = new URL(request.url);
    const segments = split(url.pathname);
    const matches = compiled.flatMap((route) => {
      const params = match(route.segments, segments);
      return params ? [{ route, params }] : [];
    });
    if (matches.length === 0) return jsonError(404, `Not found: ${request.method} ${url.pathname}`, 'NOT_FOUND');
    const found = matches.find((m) => m.route.method === request.method);
    if (!found) {
      const allowed = [...new Set(matches.map((m) => m.route.method))].join(', ');
      const answer = jsonError(405, `Method ${request.method} is not allowed on ${url.pathname}`, 'METHOD_NOT_ALLOWED');
      answer.headers.set('allow', allowed);
      return answer;
    }
    let body: unknown = undefined;
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return jsonError(400, MALFORMED_JSON, 'MALFORMED_JSON');
      }
    }
    try {
      const result = await found.route.handler(ctx, { params: found.params, body: body ?? {}, query: url.searchParams });
      return Response.json(result ?? { ok: true }, { status: found.route.status ?? 200 });
    } catch (error) {
      const { status, body: errorBody } = toErrorAnswer(error, ctx.services.logger);
      return Response.json(errorBody, { status });
    }
  };
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function match(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(a);
    else if (p !== a) return null;
  }
  return params;
}
