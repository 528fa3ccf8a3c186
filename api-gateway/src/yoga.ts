import { createYoga } from 'graphql-yoga';
import type { Services } from './services.ts';
import { createRequestContext, type RequestContext } from './context.ts';
import { jsonError, maskGraphQLError, unavailableAnswer } from './errors.ts';
import { schema } from './schema/index.ts';
import { createRestRouter, MALFORMED_JSON } from './rest/router.ts';
import { crossSitePolicy, isJsonContentType, JSON_REQUIRED } from './cross-site.ts';
import { routes } from './rest/index.ts';
import { graphqlGuards } from './graphql-guards.ts';
import { laggingWritePlugin } from './graphql-lag.ts';
import { schemaPrivacyPlugin } from './graphql-privacy.ts';

export type App = {
  /** Fetch-style entry for /graphql and /api/* (tests call it directly). */
  handle(request: Request, client?: { ip?: string }): Promise<Response>;
};

export const PAYLOAD_TOO_LARGE = 'The request body is too large.';

export function createApp(services: Services): App {
  const { logger, config } = services;
  const yoga = createYoga<RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: !config.isProduction,
    landingPage: false,
    // CORS is decided once for /graphql and /api (cross-site.ts); yoga's default reflects any origin.
    cors: false,
    plugins: [...graphqlGuards(), laggingWritePlugin(), schemaPrivacyPlugin({ introspection: config.graphqlIntrospection })],
    // isDev false: yoga would otherwise copy the parser's own error (originalError) into the answer.
    maskedErrors: { maskError: maskGraphQLError(logger), isDev: false },
    logging: {
      debug: (...args) => logger.debug(args.map(String).join(' ')),
      info: (...args) => logger.info(args.map(String).join(' ')),
      warn: (...args) => logger.warn(args.map(String).join(' ')),
      error: (...args) => logger.error(args.map(String).join(' ')),
    },
  });
  const rest = createRestRouter(routes);
  const crossSite = crossSitePolicy(config);

  const app: App = {
    async handle(incoming, client = {}) {
      const response = await answer(incoming, client).catch((error: unknown) => {
        // The database lost before an endpoint could answer (the session read during a failover): a
        // retryable 503 rather than the adapter's bare 500.
        const unavailable = unavailableAnswer(error, logger, !new URL(incoming.url).pathname.startsWith('/api'));
        if (!unavailable) throw error;
        return unavailable;
      });
      return crossSite.decorate(incoming, response);
    },
  };

  async function answer(incoming: Request, client: { ip?: string }): Promise<Response> {
    const url = new URL(incoming.url);
    const refused = crossSite.check(incoming);
    if (refused) return refused;
    const isRest = url.pathname.startsWith('/api/') || url.pathname === '/api';
    // An upload route streams its body to storage under its own limit; every other body is
    // buffered under MAX_BODY_BYTES before anything reads it.
    const body = rest.takesRawBody(incoming) ? { request: incoming, text: null } : await limitBody(incoming, config.maxBodyBytes);
    if (!body) return jsonError(413, PAYLOAD_TOO_LARGE, 'PAYLOAD_TOO_LARGE');
    const limited = body.request;
    if (!isRest) {
      const invalid = invalidGraphQLBody(limited, body.text);
      if (invalid) return invalid;
    }
    const ctx = await createRequestContext(services, limited, client.ip ?? 'unknown', (request) => app.handle(request, { ip: 'loopback' }));
    const response = isRest ? await rest(ctx, limited, body.text) : await yoga.fetch(limited, ctx);
    for (const cookie of ctx.setCookies) response.headers.append('set-cookie', cookie);
    if (ctx.projectionLag.timedOut) response.headers.set('x-projection-lag', 'timeout');
    const timing = serverTiming(ctx.timings);
    if (timing) response.headers.set('server-timing', timing);
    return response;
  }
  return app;
}

/**
 * A command's time in the standard Server-Timing header (browsers' network panels show it; the bench
 * reads it): the command itself and its read-your-writes wait. Absent when the request ran none.
 */
export function serverTiming(timings: RequestContext['timings']): string | null {
  if (timings.command === 0 && timings.readYourWrites === 0) return null;
  const ms = (value: number) => value.toFixed(1);
  return `command;dur=${ms(timings.command)}, read-your-writes;dur=${ms(timings.readYourWrites)}`;
}

/**
 * A GraphQL POST carries JSON only: yoga also reads forms and multipart bodies, which a page on
 * another site can send without a CORS preflight. Its JSON must parse, and a body that does not is
 * answered with a fixed message, not the parser's (which quotes the body and names the parser).
 */
function invalidGraphQLBody(request: Request, text: string | null): Response | null {
  if (request.method === 'GET') {
    // A GET carries its variables and extensions as JSON in the query string: the same rule.
    const params = new URL(request.url).searchParams;
    for (const name of ['variables', 'extensions']) {
      const value = params.get(name);
      if (value === null) continue;
      try {
        JSON.parse(value);
      } catch {
        return Response.json({ errors: [{ message: MALFORMED_JSON, extensions: { code: 'MALFORMED_JSON' } }] }, { status: 400 });
      }
    }
    return null;
  }
  if (request.method !== 'POST') return null;
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return Response.json({ errors: [{ message: JSON_REQUIRED, extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] }, { status: 415 });
  }
  try {
    JSON.parse(text ?? '');
    return null;
  } catch {
    return Response.json({ errors: [{ message: MALFORMED_JSON, extensions: { code: 'MALFORMED_JSON' } }] }, { status: 400 });
  }
}

/**
 * Reads the body up to the limit (whatever Content-Length claims); null when it is larger. The request comes back
 * with the body buffered, and the body's text beside it (null when there is none) for the checks and the REST
 * handlers, which would otherwise each read it again from the request (a GraphQL body's check read a clone).
 */
async function limitBody(request: Request, limit: number): Promise<{ request: Request; text: string | null } | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return { request, text: null };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body: bytes }), text: UTF8.decode(bytes) };
}

/** As a fetch body's text() decodes: UTF-8, a leading byte-order mark dropped, a malformed sequence replaced. */
const UTF8 = new TextDecoder('utf-8');
