import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import sirv from 'sirv';
import type { App } from './yoga.ts';
import type { Services } from './services.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'",
};

/** The methods the API answers; anything else (TRACE, CONNECT, PROPFIND …) is a 405 before any handler. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PAGE_METHODS = ['GET', 'HEAD'];

/**
 * The process's HTTP server: /graphql and /api/* go to the app; everything else is the built web
 * app, with index.html for client-side routes (history fallback).
 */
export function createHttpServer(app: App, services: Services): Server {
  const adapter = createServerAdapter<{ req: IncomingMessage; res: ServerResponse }>((request, server) =>
    app.handle(request, { ip: server.req.socket.remoteAddress ?? 'unknown' }),
  );
  const webDist = services.config.webDist;
  const hasWeb = existsSync(webDist);
  if (!hasWeb) services.logger.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it)');
  const assets = hasWeb
    ? sirv(webDist, { single: true, etag: true, gzip: true, setHeaders: (res, path) => immutableAssets(res, path) })
    : null;

  const accessLog = services.logger.child({ part: 'http' });
  return createServer((req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      accessLog.info({
        method: req.method,
        // The SMSPortal webhook's secret token is in its path: never written to the log.
        path: (req.url ?? '/').split('?')[0]!.replace(/^(\/api\/notifications\/receipts\/smsportal\/)[^/]+/, '$1[token]'),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const path = (req.url ?? '/').split('?')[0]!;
    const isApi = path === '/graphql' || path === '/api' || path.startsWith('/api/');
    const allowed = isApi ? API_METHODS : PAGE_METHODS;
    if (!allowed.includes(req.method ?? '')) {
      // Before the fetch adapter: it cannot even build a Request for TRACE (a 500 with a stack).
      methodNotAllowed(res, req.method ?? '', path, allowed);
      return;
    }
    // The built app's source maps are the application's source: not served in production, whatever
    // the build left in web/dist (npm run build makes none unless WEB_SOURCEMAP=on).
    if (!isApi && services.config.isProduction && path.endsWith('.map')) {
      res.statusCode = 404;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('Not found');
      return;
    }
    if (path === '/healthz') {
      // Events a read model parked do not make the server unhealthy (it goes on); they are counted
      // for the alert, null when the database cannot say. Nor does a read replica that is down (reads
      // go to the primary): where reads go is said, null without READ_DATABASE_URL.
      void Promise.all([services.engine.parkedCount().catch(() => null), services.replica?.health().catch(() => null) ?? null]).then(
        ([parked, replica]) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: true, parked, replica }));
        },
      );
      return;
    }
    if (isApi) {
      void adapter.requestListener(req, res);
      return;
    }
    if (!assets) {
      res.statusCode = 503;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('The web app has not been built. Run `npm run build`, or start with `npm start`.');
      return;
    }
    assets(req, res);
  });
}

function methodNotAllowed(res: ServerResponse, method: string, path: string, allowed: readonly string[]) {
  res.statusCode = 405;
  res.setHeader('allow', allowed.join(', '));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ message: `Method ${method} is not allowed on ${path}`, code: 'METHOD_NOT_ALLOWED', issues: [] }));
}

function immutableAssets(res: ServerResponse, path: string) {
  // Vite fingerprints everything under /assets; index.html must always be revalidated.
  res.setHeader('cache-control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
}
