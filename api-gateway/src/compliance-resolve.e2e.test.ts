import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #25: the super admin resolves an open compliance-log entry with a note; it then reads Resolved with
 * the note, who and when. Only an entry the log shows and still open; only the platform operator.
 */

const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };

type Entry = { id: string; title: string; resolvedAt: string | null; resolutionNote: string | null; resolvedBy: string | null };

describe.each(testDrivers())('resolving compliance-log entries on $name', (driver) => {
  let t: TestApp;
  let op: string;
  let admin: { token: string; user: { companyId: string } };
  const logs = async () => (await t.request('GET', '/api/super-admin/compliance-logs', undefined, { token: op })).body as Entry[];
  const resolve = (id: string, body: unknown, token = op) =>
    t.request('POST', `/api/super-admin/compliance-logs/${id}/resolve`, body, { token });

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
    admin = (await t.request('POST', '/api/register', registration())).body;
    const suspended = await t.request(
      'POST',
      `/api/super-admin/companies/${admin.user.companyId}/suspend`,
      { reason: 'Unpaid fees' },
      { token: op },
    );
    expect(suspended.status).toBe(200);
  });
  afterAll(() => t?.close());

  it('resolves an open entry once, with a note, by whom and when; refuses a short note, an unknown entry and a company user', async () => {
    const entry = (await logs()).find((e) => e.title === 'Company suspended' && e.resolvedAt === null);
    expect(entry).toBeDefined();
    const id = entry!.id;

    expect((await resolve(id, { note: 'ok' })).body.message).toBe('Say how the entry was resolved (at least 5 characters)');
    expect((await resolve('00000000-0000-4000-8000-000000000000', { note: 'Nothing to see' })).status).toBe(404);
    expect((await resolve('not-an-id', { note: 'Nothing to see' })).status).toBe(404);
    // A company's administrator (another, active company): not the platform's to resolve.
    const other = (await t.request('POST', '/api/register', registration())).body.token as string;
    expect((await resolve(id, { note: 'Company asked to be cut off' }, other)).status).toBe(403);
    expect((await logs()).find((e) => e.id === id)?.resolvedAt).toBeNull();

    const at = new Date();
    t.services.now = () => at;
    const { body } = await t.graphql(
      `mutation($id: ID!, $note: String!) { resolveComplianceEntry(id: $id, note: $note) { id resolvedAt resolutionNote resolvedBy } }`,
      { id, note: 'Fees settled; the company stays suspended at its own request' },
      op,
    );
    expect(body.data.resolveComplianceEntry).toMatchObject({
      id,
      resolutionNote: 'Fees settled; the company stays suspended at its own request',
      resolvedAt: at.toISOString(),
    });
    // The operator, by name (the super admin's account has the name the configuration gives it, or its username).
    expect(body.data.resolveComplianceEntry.resolvedBy).not.toMatch(/^(Unknown user)?$/);
    const listed = (await logs()).find((e) => e.id === id);
    expect(listed).toMatchObject({ resolutionNote: 'Fees settled; the company stays suspended at its own request' });
    expect(listed?.resolvedAt).not.toBeNull();

    const again = await resolve(id, { note: 'A second time' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This compliance log entry is already resolved.');
  });
});
