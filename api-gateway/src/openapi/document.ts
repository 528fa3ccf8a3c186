import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { pathFields } from '../commands/expose.ts';
import { inputJsonSchema } from '../commands/graphql-input.ts';
import { z, type ZodType } from 'zod';
import { ACCESS, type Operation } from '../auth/policy.ts';
import type { Route } from '../rest/router.ts';
import { errorAnswer, type AnswerDoc, type AnswerMap } from './shapes.ts';
import { requests, type RequestMap } from './requests.ts';
import { answers, areaOf } from './answers.ts';

/*
 * The REST shim's OpenAPI 3.1 document, built from the live route table: every route of `routes`
 * is an operation, described by (first found) the route's own `openapi` field, then the request map
 * (requests.ts: the write model's zod schemas) and the answer map (answers.ts: one file per area),
 * all keyed "METHOD /api/path/:param". A route in neither map is still in the document, with its
 * method, path, parameters, access and statuses: the maps add schemas, never routes.
 */

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** "GET /api/members/:id": how the maps name a route. */
export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** '/api/members/:id' → '/api/members/{id}' */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function isPublic(operation: Operation) {
  return operation in ACCESS && ACCESS[operation as keyof typeof ACCESS] === 'public';
}

function accessNote(operation: Operation): string {
  if (!(operation in ACCESS)) return `Needs the permission \`${operation}\`.`;
  const access = ACCESS[operation as keyof typeof ACCESS];
  return { public: 'Open to anyone.', 'signed-in': 'Any signed-in user.', platform: 'The platform operator (super admin) only.' }[access];
}

const json = (schema: ZodType) => ({ 'application/json': { schema } });
const refusal = (description: string): ResponseConfig => ({ description, content: json(errorAnswer) });
const headersOf = (headers: Record<string, string> | undefined) =>
  headers
    ? z.object(Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, z.string().meta({ description: text })])))
    : undefined;

function responsesFor(route: Route, doc: AnswerDoc | undefined, answer: ZodType | undefined, hasInput: boolean): RouteConfig['responses'] {
  const status = route.status ?? 200;
  const headers = headersOf(doc?.headers);
  const responses: RouteConfig['responses'] = {
    [status]: { description: doc?.summary ?? 'Done', ...(answer ? { content: json(answer) } : {}), ...(headers ? { headers } : {}) },
  };
  if (hasInput || route.form) responses[400] = refusal('The input was refused: `issues` names each field');
  if (!isPublic(route.operation)) {
    responses[401] = refusal('Not signed in');
    responses[403] = refusal(
      'Signed in without the access this needs, the company is suspended, or a new password must be chosen first (PASSWORD_CHANGE_REQUIRED)',
    );
  }
  if (route.path.includes(':')) responses[404] = refusal('Not found (or another company’s)');
  if (route.method !== 'GET') {
    responses[202] = refusal('Saved, not visible yet (code SAVED_NOT_VISIBLE_YET): the read models lag; read again in a moment');
  }
  responses['4XX'] = refusal('Refused: not found, a conflict, a rule, a limit (the code says which)');
  if (!route.rawBody && !route.form && route.method !== 'GET' && route.method !== 'DELETE')
    responses[415] = refusal('The body is not JSON');
  responses['5XX'] = refusal('A fault on our side (the message says what to do)');
  for (const [code, extra] of Object.entries(doc?.responses ?? {})) {
    const extraHeaders = headersOf(extra.headers);
    responses[code] = {
      description: extra.description,
      ...(extra.content ? { content: Object.fromEntries(Object.entries(extra.content).map(([type, schema]) => [type, { schema }])) } : {}),
      ...(extraHeaders ? { headers: extraHeaders } : {}),
    };
  }
  return responses;
}

/** A JSON Schema as zod writes it (OpenAPI 3.1's schema dialect). */
type SchemaObject = { properties?: Record<string, unknown>; required?: string[]; [keyword: string]: unknown };

/**
 * A route built from a command slice takes the slice's own input (the schema its handler parses), as
 * zod's JSON Schema of what a caller sends — the same conversion its GraphQL input type is generated
 * from — less the fields its path gives (`:permission`).
 */
function commandBody(route: Route): SchemaObject | undefined {
  const slice = route.command?.slice;
  if (!slice) return undefined;
  const { $schema: _dialect, ...schema } = inputJsonSchema(slice) as SchemaObject & { $schema?: string };
  const fromPath = pathFields(route.path, slice.target);
  if (fromPath.length === 0 || !schema.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !fromPath.includes(key)));
  if (Object.keys(properties).length === 0) return undefined;
  return { ...schema, properties, ...(schema.required ? { required: schema.required.filter((key) => !fromPath.includes(key)) } : {}) };
}

export function buildOpenApiDocument(
  routes: readonly Route[],
  maps: { requests: RequestMap; answers: AnswerMap } = { requests, answers },
): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token POST /api/login answers',
  });
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'fpa_session',
    description: 'The web app’s session cookie',
  });
  for (const route of routes) {
    const key = routeKey(route);
    const doc = maps.answers[key];
    const body = route.openapi?.body ?? commandBody(route) ?? maps.requests[key]?.body;
    const query = route.openapi?.query ?? maps.requests[key]?.query;
    const answer = route.openapi?.answer ?? doc?.answer;
    const params = pathParams(route.path);
    const bodyContent: Record<string, { schema: ZodType | SchemaObject }> | undefined = route.rawBody
      ? { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } }
      : route.form
        ? { 'application/x-www-form-urlencoded': { schema: body ?? z.record(z.string(), z.string()) } }
        : body
          ? { 'application/json': { schema: body } }
          : undefined;
    registry.registerPath({
      method: route.method.toLowerCase() as RouteConfig['method'],
      path: openApiPath(route.path),
      operationId: key,
      summary: route.openapi?.summary ?? doc?.summary ?? key,
      description: [doc?.description, accessNote(route.operation)].filter(Boolean).join('\n\n'),
      tags: [areaOf(key)],
      ...(isPublic(route.operation) ? { security: [] } : {}),
      request: {
        ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) } : {}),
        ...(query ? { query: query as never } : {}),
        ...(bodyContent ? { body: { required: !route.rawBody && !!body, content: bodyContent as never } } : {}),
      },
      responses: responsesFor(route, doc, answer, !!(body || query || route.rawBody)),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' }).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Funeral policy administration: REST API',
      version: '1',
      description:
        'The /api REST shim: each route runs the same operation as the GraphQL field of the same name (POST /graphql). ' +
        'Answers are JSON read-model rows; refusals are `{message, code, issues}` with a 4xx. Sign in with POST /api/login and send `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { session: [] }],
  });
}

let cached: OpenApiDocument | null = null;
let cachedFor: readonly Route[] | null = null;

/** The document of these routes, built once (a few milliseconds of zod walking, then kept). */
export function openApiDocument(routes: readonly Route[]): OpenApiDocument {
  if (cached && cachedFor === routes) return cached;
  cached = buildOpenApiDocument(routes);
  cachedFor = routes;
  return cached;
}
