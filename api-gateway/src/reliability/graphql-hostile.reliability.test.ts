import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isLeafType, type GraphQLField } from 'graphql';
import { testDrivers } from '@fpa/write-model/testing';
import { schema } from '../schema/index.ts';
import { GRAPHQL_LIMITS } from '../graphql-guards.ts';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { eventCount, send, Tally } from './harness.ts';
import { aliasGraphQLQuery, deepGraphQLQuery, LARGE, LONE_SURROGATE, NUL, SCRIPT, SQL } from './hostile-corpus.ts';

/**
 * Area 6, GraphQL: the depth, alias and size limits, and every query and mutation field that takes
 * arguments × hostile variables (generated from the schema, so a new field is covered). No 5xx;
 * a request answered with errors changes nothing; NUL, lone surrogates and over-long text always refused.
 */
/** Variables given as JSON text: a 10,000-deep value is written by hand, JSON.stringify would overflow. */
const json = (value: unknown) => JSON.stringify(value);
const hostileVariables: { name: string; value: string; refused: boolean }[] = [
  { name: 'NUL byte', value: json(NUL), refused: true },
  { name: 'lone surrogate', value: json(LONE_SURROGATE), refused: true },
  { name: '200 KB string', value: json(LARGE), refused: true },
  { name: 'nested 10,000 deep', value: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), refused: true },
  { name: 'object with NUL keys and values', value: json({ ['k\u0000']: NUL }), refused: true },
  { name: 'SQL injection', value: json(SQL), refused: false },
  { name: 'script injection', value: json(SCRIPT), refused: false },
  { name: 'wrong type (number)', value: '1e309', refused: false },
  { name: 'wrong type (list)', value: json([null, {}, []]), refused: false },
];

function documentFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const declared = field.args.map((arg, i) => `$v${i}: ${String(arg.type)}`).join(', ');
  const passed = field.args.map((arg, i) => `${arg.name}: $v${i}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind} Hostile(${declared}) { ${field.name}(${passed})${selection} }`;
}

describe.each(testDrivers())('hostile GraphQL on $name', (driver) => {
  let t: TestApp;
  let token: string;
  const post = (body: unknown) => send(t, 'POST', '/graphql', { body: typeof body === 'string' ? body : JSON.stringify(body), token });

  beforeAll(async () => {
    t = await startTestApp(driver);
    token = (await t.request('POST', '/api/register', registration())).body.token;
  });
  afterAll(async () => t?.close());

  it('refuses a query of depth 50 and one of 10,000 aliases before running it, and runs a shallow one', async () => {
    const tally = new Tally();
    const shallow = await post({ query: deepGraphQLQuery(3) });
    tally.count(shallow.status);
    expect(JSON.stringify(shallow.json.errors ?? [])).not.toMatch(/depth/i);

    const refusedBeforeRunning = async (query: string, message: RegExp) => {
      const answer = await post({ query });
      tally.count(answer.status);
      expect(answer.status).toBeLessThan(500);
      expect(answer.json.data ?? null).toBeNull();
      expect(answer.json.errors[0].message).toMatch(message);
    };
    await refusedBeforeRunning(deepGraphQLQuery(50), /depth limit/i);
    await refusedBeforeRunning(aliasGraphQLQuery(10_000), /token limit|aliases limit/i);
    // Under the token limit but over the alias limit: the alias rule itself answers.
    await refusedBeforeRunning(aliasGraphQLQuery(GRAPHQL_LIMITS.aliases + 1), /aliases limit/i);
    await refusedBeforeRunning(`query { schemeMembers(schemeId: "a\\u0000b") { id } }`, /NUL/);
    console.log(
      tally.summary(
        `area 6 GraphQL limits (${driver.name})`,
        `limits depth ${GRAPHQL_LIMITS.depth}, aliases ${GRAPHQL_LIMITS.aliases}, tokens ${GRAPHQL_LIMITS.tokens}, cost ${GRAPHQL_LIMITS.cost}`,
      ),
    );
  });

  it('every field that takes arguments × every hostile variable', async () => {
    const tally = new Tally();
    const fields = [
      ...Object.values(schema.getQueryType()!.getFields()).map((field) => ['query', field] as const),
      ...Object.values(schema.getMutationType()!.getFields()).map((field) => ['mutation', field] as const),
    ].filter(([, field]) => field.args.length > 0);
    for (const [kind, field] of fields) {
      const query = documentFor(kind, field);
      for (const { name, value, refused } of hostileVariables) {
        const variables = `{${field.args.map((_, i) => `"v${i}":${value}`).join(',')}}`;
        const before = await eventCount(t);
        const answer = await post(`{"query":${JSON.stringify(query)},"variables":${variables}}`);
        const after = await eventCount(t);
        tally.count(answer.status);
        const line = `${kind} ${field.name} × ${name} → ${answer.status} ${answer.text.slice(0, 160)}`;
        const errors: { message?: string }[] = answer.json?.errors ?? [];
        if (answer.status >= 500) tally.find(`5xx: ${line}`);
        else if (errors.length > 0 && after !== before) tally.find(`changed on refusal: ${line}`);
        else if (refused && errors.length === 0 && answer.status < 400) tally.find(`accepted text it must refuse: ${line}`);
        else if (errors.some((error) => !error.message || /unexpected error/i.test(error.message)))
          tally.find(`unclear or masked error: ${line}`);
      }
    }
    console.log(
      tally.summary(`area 6 hostile GraphQL variables (${driver.name})`, `${fields.length} fields × ${hostileVariables.length} values`),
    );
    expect(tally.findings).toEqual([]);
  });
});
