import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { allProjectors, createProjectionEngine, type ProjectionEngine } from '@fpa/projections';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { SAVED_NOT_VISIBLE_YET } from './errors.ts';

/**
 * The gateway with PROJECTIONS=off runs no projector; a projection worker (here an engine with a
 * lease on the same database, as `npm run worker -w projections` runs it) does. Commands still
 * answer after their events are in the read models, by waiting on the checkpoint rows.
 */
describe.each(testDrivers())('the gateway with PROJECTIONS=off on $name', (driver) => {
  let t: TestApp;
  let worker: ProjectionEngine;
  const company = {
    name: 'Sizwe Burial Society',
    cipNumber: '2016/123456/07',
    address: '1 Main Road',
    city: 'Polokwane',
    province: 'Limpopo',
    postalCode: '0700',
    phone: '0152951234',
    email: 'office@sizwe.co.za',
  };

  beforeAll(async () => {
    t = await startTestApp(driver, { projections: 'off', readYourWritesTimeoutMs: 2_000 });
    worker = createProjectionEngine({
      sql: t.services.sql,
      store: t.services.store,
      projectors: allProjectors,
      lease: { owner: 'test-worker', ttlMs: 3_000, renewMs: 200 },
    });
    await worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('runs no projector itself, and still reads its own writes from what the worker projects', async () => {
    expect(t.services.engine.leases().renewedAt).toBeNull();
    const registered = await t.request('POST', '/api/register', registration());
    expect(registered.status).toBe(201);
    expect(registered.headers.get('x-projection-lag')).toBeNull();
    const token = registered.body.token as string;

    const saved = await t.request('PUT', '/api/company', company, { token });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('x-projection-lag')).toBeNull();
    // The command's time and its wait, in the standard Server-Timing header; a read runs no command.
    expect(saved.headers.get('server-timing')).toMatch(/^command;dur=\d+\.\d, read-your-writes;dur=\d+\.\d$/);
    const read = await t.request('GET', '/api/company', undefined, { token });
    expect(read.body).toMatchObject({ name: company.name, city: 'Polokwane' });
    expect(read.headers.get('server-timing')).toBeNull();
    const [row] = await t.services.sql.query<{ owner: string; n: number }>(
      `select min(owner) as owner, count(*)::int as n from projection_leases`,
    );
    expect(row).toEqual({ owner: 'test-worker', n: allProjectors.length });

    // With the worker gone, nobody moves the checkpoints: the command answers after the bounded wait, saying so.
    await worker.stop();
    const unprojected = await t.request('PUT', '/api/company', { ...company, city: 'Tzaneen' }, { token });
    expect(unprojected.status).toBe(200);
    expect(unprojected.headers.get('x-projection-lag')).toBe('timeout');
    const waited = /read-your-writes;dur=([\d.]+)/.exec(unprojected.headers.get('server-timing') ?? '');
    expect(Number(waited?.[1])).toBeGreaterThanOrEqual(1_900);

    // A command that creates a record reads it back to answer; unprojected, it is not there yet. The
    // command succeeded, so the answer says so (202) instead of 404 — over REST and over GraphQL.
    const type = { name: 'Gold Cover', description: 'Gold', coverageAmount: '20000', monthlyPremium: '150', waitingPeriod: 6 };
    const created = await t.request('POST', '/api/policy-types', type, { token });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ code: 'SAVED_NOT_VISIBLE_YET', message: SAVED_NOT_VISIBLE_YET });
    const mutation = `mutation($input: PolicyTypeInput!) { createPolicyType(input: $input) { id name } }`;
    const viaGraphql = await t.request(
      'POST',
      '/graphql',
      { query: mutation, variables: { input: { ...type, name: 'Silver Cover' } } },
      { token },
    );
    expect(viaGraphql.body.errors).toMatchObject([{ message: SAVED_NOT_VISIBLE_YET, extensions: { code: 'SAVED_NOT_VISIBLE_YET' } }]);
    const names = await t.services.sql.query<{ name: string }>(
      `select data->>'name' as name from es_events where type = 'PolicyTypeCreated' order by global_position`,
    );
    expect(names.map((r) => r.name)).toEqual(['Gold Cover', 'Silver Cover']);
    // A record that is truly missing is still a 404, lag or no lag.
    expect((await t.request('GET', '/api/group-schemes/00000000-0000-4000-8000-000000000000', undefined, { token })).status).toBe(404);

    await worker.start();
    await expect
      .poll(
        async () => (await t.request('GET', '/api/policy-types', undefined, { token })).body.map((p: { name: string }) => p.name).sort(),
        { timeout: 30_000 },
      )
      .toEqual(['Gold Cover', 'Silver Cover']);
  });
});
