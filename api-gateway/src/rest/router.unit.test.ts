import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../context.ts';
import { createRestRouter, type Route } from './router.ts';

/** Routes of several lengths, some sharing a length and a prefix, answering which route took the request and its parameters. */
const route = (method: Route['method'], path: string): Route => ({
  method,
  path,
  operation: 'auth.login',
  handler: (_ctx, input) => ({ route: `${method} ${path}`, params: input.params }),
});
const router = createRestRouter([
  route('GET', '/api/members'),
  route('POST', '/api/members'),
  route('GET', '/api/members/:id'),
  route('GET', '/api/members/import'),
  route('PUT', '/api/members/:id'),
  route('GET', '/api/members/:id/policies'),
  route('GET', '/api/policies/:id/schedule.pdf'),
]);
const ctx = { user: null, services: { logger: console }, projectionLag: { timedOut: false } } as unknown as RequestContext;
const call = async (method: string, path: string) => {
  const answer = await router(ctx, new Request(`http://localhost${path}`, { method }));
  return { status: answer.status, allow: answer.headers.get('allow'), body: (await answer.json()) as Record<string, unknown> };
};

describe('the REST router', () => {
  it('takes each request to the first route of its method and shape, with its parameters decoded', async () => {
    expect((await call('GET', '/api/members')).body).toEqual({ route: 'GET /api/members', params: {} });
    expect((await call('POST', '/api/members')).body).toEqual({ route: 'POST /api/members', params: {} });
    // Declared before the fixed segment: the parameter's route wins, as it always has.
    expect((await call('GET', '/api/members/import')).body).toEqual({ route: 'GET /api/members/:id', params: { id: 'import' } });
    expect((await call('PUT', '/api/members/a%20b')).body).toEqual({ route: 'PUT /api/members/:id', params: { id: 'a b' } });
    expect((await call('GET', '/api/members/m1/policies')).body).toEqual({ route: 'GET /api/members/:id/policies', params: { id: 'm1' } });
    expect((await call('GET', '/api/policies/p1/schedule.pdf')).body).toEqual({
      route: 'GET /api/policies/:id/schedule.pdf',
      params: { id: 'p1' },
    });
  });

  it('answers 405 with the methods a path has, and 404 for a path no route has or a malformed escape', async () => {
    const refused = await call('DELETE', '/api/members/m1');
    expect(refused.status).toBe(405);
    expect(refused.allow).toBe('GET, PUT');
    for (const path of [
      '/api/members/m1/claims',
      '/api/policies/p1/schedule.csv',
      '/api/members/m1/policies/x',
      '/api',
      '/api/members/%E0%A4%A',
    ]) {
      const missing = await call('GET', path);
      expect(missing.status, path).toBe(404);
      expect(missing.body.code, path).toBe('NOT_FOUND');
    }
  });
});
