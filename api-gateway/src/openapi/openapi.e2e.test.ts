import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { testDrivers } from '@fpa/write-model/testing';
import { routes } from '../rest/index.ts';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { buildOpenApiDocument, openApiPath, routeKey } from './document.ts';
import { answers } from './answers.ts';
import { requests } from './requests.ts';
import { answerChecker } from './answer-check.ts';

describe.each(testDrivers())('the REST shim’s OpenAPI document on $name', (driver) => {
  let t: TestApp;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the served JSON, walked freely by the checks below
  let served: any;

  beforeAll(async () => {
    t = await startTestApp(driver);
    const answer = await t.request('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    served = answer.body;
  });
  afterAll(async () => t?.close());

  it('is served at /api/openapi.json to anyone, and is valid OpenAPI 3.1 (the specification’s own JSON Schema)', async () => {
    expect(served.openapi).toBe('3.1.0');
    // (formats are the document's business, not the validator's: it would log each one it does not know)
    const result = await new Validator({ logger: false }).validate(structuredClone(served));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Every schema in it compiles as JSON Schema 2020-12, the dialect of OpenAPI 3.1.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(served, 'openapi.json');
    for (const name of Object.keys(served.components.schemas)) {
      expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('has no allOf: nothing is an intersection, and a nullable $ref written as one would refuse every null', () => {
    expect(JSON.stringify(served)).not.toContain('"allOf"');
  });

  it('has every route the router serves, with its method, path ({param} form) and success status', () => {
    const missing = routes.filter((route) => !served.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]);
    expect(missing.map(routeKey)).toEqual([]);
    for (const route of routes) {
      const operation = served.paths[openApiPath(route.path)][route.method.toLowerCase()];
      expect(operation.operationId).toBe(routeKey(route));
      expect(Object.keys(operation.responses), routeKey(route)).toContain(String(route.status ?? 200));
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(
        operation.parameters?.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name) ?? [],
        routeKey(route),
      ).toEqual(params);
    }
    const operations = Object.values(served.paths).flatMap((item) => Object.keys(item as object));
    expect(operations).toHaveLength(routes.length);
  });

  it('names only routes that exist in its maps (a renamed route would leave a stale entry behind)', () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(requests).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(answers).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('describes every JSON answer of the routes but the few that answer a page, a file or a form reply', () => {
    const withoutJson = routes.filter((route) => {
      const success = served.paths[openApiPath(route.path)][route.method.toLowerCase()].responses[String(route.status ?? 200)];
      return !success.content;
    });
    expect(withoutJson.map(routeKey)).toEqual(['POST /api/billing/sandbox/checkout']);
  });

  it('prefers the schemas a route carries itself over the maps', async () => {
    const { z } = await import('zod');
    const carried = routes.map((route) =>
      routeKey(route) === 'GET /api/members/can-add'
        ? { ...route, openapi: { summary: 'Carried', answer: z.object({ carried: z.boolean() }) } }
        : route,
    );
    const document = buildOpenApiDocument(carried);
    const operation = document.paths!['/api/members/can-add']!.get!;
    expect(operation.summary).toBe('Carried');
    expect(JSON.stringify(operation.responses)).toContain('carried');
  });

  it('refuses, in the answer check, an answer the document does not allow, saying where', () => {
    const check = answerChecker(served);
    expect(check('GET', '/api/members/can-add', 200, 'application/json', { canAdd: true, reason: null })).toBeNull();
    expect(check('GET', '/api/members/can-add', 200, 'application/json', { canAdd: 'yes', reason: null })).toMatch(
      /canAdd must be boolean/,
    );
    expect(check('GET', '/api/members/can-add', 200, 'application/json', { canAdd: true, reason: null, extra: 1 })).toMatch(
      /additional properties/,
    );
    expect(check('GET', '/api/claims/counts', 200, 'application/json', {})).toMatch(/GET \/api\/claims\/counts answered 200/);
    expect(
      check('GET', '/api/claims/x', 404, 'application/json', { message: 'Claim not found', code: 'NOT_FOUND', issues: [] }),
    ).toBeNull();
    expect(check('GET', '/api/claims/x', 302, 'application/json', {})).toMatch(
      /GET \/api\/claims\/\{id\} answered 302, a status the document does not list/,
    );
    expect(check('GET', '/api/nowhere', 404, 'application/json', {})).toBeNull();
  });

  it('builds the same document as the gateway serves, once (it is kept after the first build)', async () => {
    expect(buildOpenApiDocument(routes)).toEqual(served);
    const again = await t.request('GET', '/api/openapi.json');
    expect(again.body).toEqual(served);
  });

  it('serves the reference page from its own origin: HTML whose script and style are the gateway’s own files', async () => {
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/docs.js']);
    expect(String(page.body)).not.toMatch(/<script>(?!<\/script>)|https?:\/\//);
    for (const source of sources) {
      const file = await t.request('GET', source);
      expect([source, file.status]).toEqual([source, 200]);
      expect(String(file.body).length).toBeGreaterThan(source.endsWith('docs.js') ? 50 : 10_000);
    }
    expect((await t.request('GET', '/api/docs/docs.js')).body).toContain("url: '/api/openapi.json'");
  });

  it('lets a signed-in user read it too (the cookie or token changes nothing)', async () => {
    const { token } = (await t.request('POST', '/api/register', registration())).body;
    expect((await t.request('GET', '/api/openapi.json', undefined, { token })).body).toEqual(served);
  });
});
