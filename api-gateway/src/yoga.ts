import { createYoga } from 'graphql-yoga';
import type { Services } from './services.ts';
import { createRequestContext, type RequestContext } from './context.ts';
import { jsonError, maskGraphQLError } from './errors.ts';
import { schema } from './schema/index.ts';
import { createRestRouter } from './rest/router.ts';
import { routes } from './rest/index.ts';
import { graphqlGuards } from './graphql-guards.ts';
import { laggingWritePlugin } from './graphql-lag.ts';

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
    plugins: [...graphqlGuards(), laggingWritePlugin()],
    maskedErrors: { maskError: maskGraphQLError(logger) },
    logging: {
      debug: (...args) => logger.debug(args.map(String).join(' ')),
      info: (...args) => logger.info(args.map(String).join(' ')),
      warn: (...args) => logger.warn(args.map(String).join(' ')),
      error: (...args) => logger.error(args.map(String).join(' ')),
    },
  });
  const rest = createRestRouter(routes);

  const app: App = {
    async handle(incoming, client = {}) {
      const url = new URL(incoming.url);
      // An upload route streams its body to storage under its own limit; every other body is
      // buffered under MAX_BODY_BYTES before anything reads it.
      const limited = rest.takesRawBody(incoming) ? incoming : await limitBody(incoming, config.maxBodyBytes);
      if (!limited) return jsonError(413, PAYLOAD_TOO_LARGE, 'PAYLOAD_TOO_LARGE');
      const ctx = await createRequestContext(services, limited, client.ip ?? 'unknown', (request) => app.handle(request, { ip: 'loopback' }));
      const response = url.pathname.startsWith('/api/') || url.pathname === '/api'
        ? await rest(ctx, limited)
        : await yoga.fetch(limited, ctx);
      for (const cookie of ctx.setCookies) response.headers.append('set-cookie', cookie);
      if (ctx.projectionLag.timedOut) response.headers.set('x-projection-lag', 'timeout');
      return response;
    },
  };
  return app;
}

/** Reads the body up to the limit (whatever Content-Length claims); null when it is larger. */
async function limitBody(request: Request, limit: number): Promise<Request | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return request;
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
  return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks) });
}
