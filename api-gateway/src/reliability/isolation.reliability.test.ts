import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isLeafType, isNonNullType, type GraphQLField } from 'graphql';
import { testDrivers } from '@fpa/write-model/testing';
import { readTogether, tenantScoped } from '@fpa/projections';
import { routes } from '../rest/index.ts';
import { schema } from '../schema/index.ts';
import { startTestApp, type TestApp } from '../testing.ts';
import { send, Tally } from './harness.ts';
import { changeBody, sampleInput, seedCompany, type Kind, type SeededCompany } from './isolation.seed.ts';

/**
 * Area 4: company B's administrator (every company permission) aims at company A's ids on every
 * route of the table that takes one, on every GET route through query parameters, and on every
 * GraphQL field with an ID argument. Every id-bearing answer is 403 or 404, no answer carries A's
 * data, and A's events and read models are exactly as they were.
 */
const AUDIT_KIND: Record<string, Kind | 'company'> = {
  claim: 'claim',
  policy: 'policy',
  member: 'member',
  company: 'company',
  agent: 'agent',
  group_scheme: 'scheme',
};
const ID_KIND_BY_PREFIX: [string, Kind | 'company'][] = [
  ['/api/members/', 'member'],
  ['/api/policy-types/', 'policyType'],
  ['/api/policies/', 'policy'],
  ['/api/claims/', 'claim'],
  ['/api/documents/', 'document'],
  ['/api/payments/', 'payment'],
  ['/api/group-schemes/', 'scheme'],
  ['/api/agents/', 'agent'],
  ['/api/objects/uploads/', 'document'],
  ['/api/super-admin/', 'company'],
  ['/api/collections/batches/', 'batch'],
  ['/api/collections/statements/', 'statement'],
  ['/api/notifications/', 'notification'],
  ['/api/subscription/billing-history/', 'subscriptionPayment'],
];
/** Params that name no company's record (a role, a permission, a report type): filled with a valid name. */
// A webhook's secret (SMSPortal's delivery reports) is not a company's record either.
const NOT_AN_ID: Record<string, string> = {
  role: 'auditor',
  permission: 'members:read',
  type: 'members',
  line: '2',
  token: 'not-the-token',
};

/** Each concrete path aiming a route at A's records, or an error naming a param nobody classified. */
function pathsAgainst(path: string, a: SeededCompany): string[] {
  const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (params.every((p) => p in NOT_AN_ID)) return [];
  const ofKind = (kind: Kind | 'company') => (kind === 'company' ? [a.companyId] : a.ids[kind].slice(0, 2));
  if (params.includes('entity')) {
    return Object.entries(AUDIT_KIND).flatMap(([entity, kind]) =>
      ofKind(kind).map((id) => path.replace(':entity', entity).replace(':id', id)),
    );
  }
  let variants = [path];
  for (const param of params) {
    let values: string[];
    if (param in NOT_AN_ID) values = [NOT_AN_ID[param]!];
    else if (param === 'userId') values = ofKind('user');
    else if (param === 'memberId') values = ofKind('schemeMember');
    else if (param === 'schemeId') values = ofKind('scheme');
    else if (param === 'companyId') values = ofKind('company');
    else if (param === 'idNumber') values = a.saIds.slice(0, 2);
    else if (param === 'id') {
      const kind = ID_KIND_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1];
      if (!kind) throw new Error(`no kind of id known for ${path}: add it to ID_KIND_BY_PREFIX`);
      values = ofKind(kind);
    } else throw new Error(`param :${param} of ${path} is not classified: add it to the isolation test`);
    variants = variants.flatMap((v) => values.map((value) => v.replace(`:${param}`, encodeURIComponent(value))));
  }
  return variants;
}

describe.each(testDrivers())('tenant isolation on $name', (driver) => {
  let t: TestApp;
  let a: SeededCompany;
  let b: SeededCompany;
  const aEvents = async () =>
    (await t.services.sql.query<{ n: number }>('select count(*)::int as n from es_events where company_id = $1', [a.companyId]))[0]!.n;
  const aViews = async () => {
    const views: string[] = [];
    for (const path of [
      '/api/members',
      '/api/policies',
      '/api/policy-types',
      '/api/claims',
      '/api/documents',
      '/api/payments',
      '/api/agents',
      '/api/group-schemes',
      '/api/users',
      '/api/company',
      '/api/roles',
    ]) {
      views.push(JSON.stringify((await t.request('GET', path, undefined, { token: a.adminToken })).body));
    }
    return views;
  };
  const leaksOf = (text: string, except: string[] = []) => a.secrets.filter((s) => !except.includes(s) && text.includes(s));

  beforeAll(async () => {
    // Seeding two companies through the API is the heaviest setup of the suite: on a loaded shared
    // server the projections may lag more than the usual 10 s bound, and a seed step would 404.
    t = await startTestApp(driver, { readYourWritesTimeoutMs: 60_000 });
    a = await seedCompany(t);
    b = await seedCompany(t);
  });
  afterAll(async () => t?.close());

  it('REST: every route that takes an id, with A’s ids → 403/404, nothing of A in the answer, nothing of A changed', async () => {
    const tally = new Tally();
    const [eventsBefore, viewsBefore] = [await aEvents(), await aViews()];
    let routesTried = 0;
    for (const route of routes.filter((r) => r.path.includes(':'))) {
      const paths = pathsAgainst(route.path, a);
      if (paths.length > 0) routesTried++;
      for (const path of paths) {
        const body = changeBody(route.method, path, a);
        const answer = await send(t, route.method, path, {
          token: b.adminToken,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        tally.count(answer.status);
        const sent = decodeURIComponent(path).split('/');
        // An upload link is a single-use signed token, not a company record: a document id is no token.
        const refused =
          route.operation === 'objects.receive' ? answer.json?.code === 'INVALID_TOKEN' : answer.status === 403 || answer.status === 404;
        if (!refused) tally.find(`${route.method} ${path} → ${answer.status} ${answer.text.slice(0, 160)}`);
        const leaked = leaksOf(answer.text, sent);
        if (leaked.length > 0) tally.find(`${route.method} ${path} leaked ${leaked.slice(0, 3).join(', ')}`);
      }
    }
    const changed = (await aEvents()) !== eventsBefore || JSON.stringify(await aViews()) !== JSON.stringify(viewsBefore);
    if (changed) tally.find('company A changed');
    console.log(tally.summary(`area 4 isolation REST ids (${driver.name})`, `${routesTried} id-bearing routes`));
    expect(tally.findings).toEqual([]);
  });

  it('REST: every GET route with A’s ids in the query string answers nothing of A', async () => {
    const tally = new Tally();
    const query = new URLSearchParams({
      companyId: a.companyId,
      memberId: a.ids.member[0]!,
      policyId: a.ids.policy[0]!,
      claimId: a.ids.claim[0]!,
      schemeId: a.ids.scheme[0]!,
      agentId: a.ids.agent[0]!,
      userId: a.ids.user[0]!,
      id: a.ids.member[0]!,
      search: a.saIds[0]!,
      idNumber: a.saIds[0]!,
    });
    for (const route of routes.filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
      const answer = await send(t, 'GET', `${route.path}?${query}`, { token: b.adminToken });
      tally.count(answer.status);
      if (answer.status >= 500) tally.find(`GET ${route.path} → ${answer.status}`);
      const leaked = leaksOf(answer.text);
      if (leaked.length > 0) tally.find(`GET ${route.path} leaked ${leaked.slice(0, 3).join(', ')}`);
    }
    console.log(tally.summary(`area 4 isolation REST reads (${driver.name})`));
    expect(tally.findings).toEqual([]);
  });

  it('GraphQL: every field with an ID argument, given A’s ids → an error or nothing, never A’s data', async () => {
    const tally = new Tally();
    const eventsBefore = await aEvents();
    const fields = [
      ...Object.values(schema.getQueryType()!.getFields()).map((field) => ['query', field] as const),
      ...Object.values(schema.getMutationType()!.getFields()).map((field) => ['mutation', field] as const),
    ].filter(([, field]) => field.args.some((arg) => getNamedType(arg.type).name === 'ID'));
    for (const [kind, field] of fields as [string, GraphQLField<unknown, unknown>][]) {
      // Every ID argument gets A's id; other required arguments a sample with A's id in each ID field.
      const used = field.args.filter((arg) => isNonNullType(arg.type) || getNamedType(arg.type).name === 'ID');
      const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
      const query = `${kind} Isolation(${used.map((arg, i) => `$v${i}: ${String(arg.type)}`).join(', ')}) { ${field.name}(${used.map((arg, i) => `${arg.name}: $v${i}`).join(', ')})${selection} }`;
      for (const ids of Object.values(a.ids)
        .map((list) => list[0]!)
        .concat(a.companyId)) {
        const variables = Object.fromEntries(used.map((arg, i) => [`v${i}`, sampleInput(arg.type, ids)]));
        const answer = await send(t, 'POST', '/graphql', { body: JSON.stringify({ query, variables }), token: b.adminToken });
        tally.count(answer.status);
        const data = answer.json?.data?.[field.name];
        const empty = data === null || data === undefined || (Array.isArray(data) && data.length === 0) || data === false;
        if (answer.status >= 500) tally.find(`${field.name} → ${answer.status}`);
        if (!empty && kind === 'mutation') tally.find(`${field.name}(${ids}) succeeded: ${answer.text.slice(0, 160)}`);
        const leaked = leaksOf(answer.text, [ids]);
        if (leaked.length > 0) tally.find(`${field.name}(${ids}) leaked ${leaked.slice(0, 3).join(', ')}`);
      }
    }
    if ((await aEvents()) !== eventsBefore) tally.find('company A changed');
    console.log(
      tally.summary(
        `area 4 isolation GraphQL (${driver.name})`,
        `${fields.length} fields × ${Object.keys(a.ids).length + 1} kinds of A's ids`,
      ),
    );
    expect(tally.findings).toEqual([]);
  });

  it('the second wall: under B’s scope, every read-model table shows none of A’s rows, even asked for them by company_id', async () => {
    const tables = await t.services.sql.query<{ name: string }>(
      `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'v' and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id')`,
    );
    const asB = tenantScoped(t.services.sql, b.companyId);
    const count = async (sql: typeof asB, table: string, where = '') =>
      (await sql.query<{ n: number }>(`select count(*)::int as n from public."${table}" ${where}`, where ? [a.companyId] : []))[0]!.n;
    const breaches: string[] = [];
    const main = ['members', 'policies', 'claims', 'payments'];
    for (const { name } of tables) {
      // No WHERE at all, then A's company asked for by name: neither may show a row of A's.
      const seen = await asB.query<{ company_id: string }>(`select company_id::text from public."${name}"`);
      if (seen.some((row) => row.company_id !== b.companyId)) breaches.push(`${name}: rows of another company without a WHERE clause`);
      if ((await count(asB, name, 'where company_id = $1')) !== 0) breaches.push(`${name}: A's rows when asked for by company_id`);
    }
    // Statements read together (a list's page and count) share one walled transaction, sent at once.
    for (const name of main) {
      const [rows, [counted]] = await readTogether(asB, (tx) =>
        Promise.all([
          tx.query<{ company_id: string }>(`select company_id::text from public."${name}"`),
          tx.query<{ n: number }>(`select count(*)::int as n from public."${name}" where company_id = $1`, [a.companyId]),
        ]),
      );
      if (rows.some((row) => row.company_id !== b.companyId))
        breaches.push(`${name}: rows of another company read together without a WHERE clause`);
      if (counted!.n !== 0) breaches.push(`${name}: A's rows read together when asked for by company_id`);
    }
    for (const name of main) {
      // The wall is not vacuous: A's rows are there for the projector's (owner's) eyes.
      if ((await count(t.services.sql, name, 'where company_id = $1')) === 0)
        breaches.push(`${name}: the seed left A no rows, the test proves nothing`);
    }
    console.log(
      `[reliability] area 4 row-level security (${driver.name}): ${tables.length} read-model views with company_id checked under another company's scope, ${breaches.length} breaches`,
    );
    expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(main));
    expect(breaches).toEqual([]);
  });
});
