import type { Config } from './config.ts';
import { jsonError } from './errors.ts';
import { SESSION_COOKIE } from './auth/sessions.ts';

/*
 * Cross-site requests (issue #27 §3). The session cookie is SameSite=Lax, which a page on another
 * port of the same host (same site) does not stop, so the API defends itself:
 *  - CORS: same-origin by default; only origins in CORS_ORIGINS get Access-Control-Allow-* headers.
 *  - A request authenticated by the cookie (no bearer header) from another site is refused with 403:
 *    Sec-Fetch-Site says where it came from (every current browser sends it), else Origin does.
 *    Bearer-token clients are unaffected: a token is never sent by a browser on its own.
 *  - State changes carry JSON only (checked where the body is read: rest/router.ts, yoga.ts), so an
 *    HTML form or a "simple" cross-origin fetch cannot make one without a CORS preflight.
 */

export const CROSS_SITE_REFUSED =
  'Cross-site requests with the session cookie are refused. Open the application at its own address, or use a bearer token.';
export const JSON_REQUIRED = 'Send the request body as JSON (Content-Type: application/json).';

const ALLOWED_HEADERS = 'authorization, content-type, x-file-name, x-requested-with';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** `application/json`, or any `application/…+json`, with or without parameters. */
export function isJsonContentType(value: string | null): boolean {
  return value !== null && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(value.trim());
}

/** The origins of CORS_ORIGINS, each as `scheme://host[:port]`; a malformed entry stops the start. */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`CORS_ORIGINS: "${entry}" is not an origin such as https://admin.example.co.za`);
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`CORS_ORIGINS: "${entry}" must be http(s)`);
      return url.origin;
    });
}

export type CrossSitePolicy = {
  /** A response for a preflight (OPTIONS), or a refusal; null when the request may go on. */
  check(request: Request): Response | null;
  /** Adds the CORS headers an allowed origin gets to an answer. */
  decorate(request: Request, response: Response): Response;
};

export function crossSitePolicy(config: Pick<Config, 'corsOrigins' | 'publicUrl'>): CrossSitePolicy {
  const trusted = new Set(config.corsOrigins);
  if (config.publicUrl) trusted.add(new URL(config.publicUrl).origin);
  const corsAllowed = new Set(config.corsOrigins);

  function sameOrigin(request: Request, origin: string): boolean {
    const own = new URL(request.url);
    let asked: URL;
    try {
      asked = new URL(origin);
    } catch {
      return false;
    }
    const forwardedHttps = request.headers.get('x-forwarded-proto') === 'https';
    const schemeMatches = asked.protocol === own.protocol || (forwardedHttps && asked.protocol === 'https:');
    return schemeMatches && asked.host === own.host;
  }

  function fromElsewhere(request: Request): boolean {
    const origin = request.headers.get('origin');
    const site = request.headers.get('sec-fetch-site');
    if (origin && origin !== 'null' && (trusted.has(origin) || sameOrigin(request, origin))) return false;
    if (site) {
      if (site === 'same-origin' || site === 'none') return false;
      // A top-level navigation (a link to a document download) carries the cookie by design.
      const navigation = request.headers.get('sec-fetch-mode') === 'navigate' && (request.method === 'GET' || request.method === 'HEAD');
      return !navigation;
    }
    // No fetch metadata: an Origin that is not ours (or "null", a sandboxed page) is another site;
    // no Origin at all is a non-browser client or a same-origin GET of an old browser.
    return origin !== null;
  }

  function corsHeaders(request: Request): Record<string, string> {
    const origin = request.headers.get('origin');
    if (!origin || !corsAllowed.has(origin)) return {};
    return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
  }

  return {
    check(request) {
      if (request.method === 'OPTIONS') {
        const cors = corsHeaders(request);
        const preflight = cors['access-control-allow-origin']
          ? {
              ...cors,
              'access-control-allow-methods': ALLOWED_METHODS,
              'access-control-allow-headers': ALLOWED_HEADERS,
              'access-control-max-age': '600',
            }
          : {};
        return new Response(null, { status: 204, headers: { allow: ALLOWED_METHODS, ...preflight } });
      }
      if (cookieAuthenticated(request) && fromElsewhere(request)) return jsonError(403, CROSS_SITE_REFUSED, 'FORBIDDEN');
      return null;
    },
    decorate(request, response) {
      for (const [name, value] of Object.entries(corsHeaders(request))) response.headers.set(name, value);
      return response;
    },
  };
}

/** The session comes from the cookie: no bearer header, and the session cookie present. */
function cookieAuthenticated(request: Request): boolean {
  if (/^Bearer\s+\S+$/i.test(request.headers.get('authorization') ?? '')) return false;
  const cookies = request.headers.get('cookie') ?? '';
  return cookies.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}
