import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS } from '@fpa/write-model/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { catchUpTo, openTestBed, runCleanups } from '../engine/engine.fixtures.ts';
import type { Projector } from '../engine/types.ts';
import { accessProjection } from './access.projection.ts';
import { companyRoleSets, effectivePermissionNames, userPermissionOverrides } from './access.queries.ts';

/*
 * A permission added to the defaults (billing:run, issue #20) must reach companies registered before
 * it: the access read model materialises the defaults when a company registers, so its version bump
 * replays every registration with today's defaults. What a company chose itself (a role's set replaced,
 * a per-user grant or revoke) is replayed as recorded.
 */
const NEW_PERMISSION = 'billing:run';

/** The access projector as it was before billing:run: the defaults of the time materialised at registration. */
const before: Projector = {
  ...accessProjection,
  version: 2,
  async apply(tx: SqlExecutor, event: RecordedEvent) {
    if (event.type !== 'CompanyRegistered') return accessProjection.apply(tx, event);
    const companyId = (event.data as { companyId: string }).companyId;
    for (const role of COMPANY_ROLES) {
      const old = DEFAULT_ROLE_PERMISSIONS[role].filter((p) => p !== NEW_PERMISSION);
      await tx.query(`insert into role_permissions (company_id, role, permission) select $1, $2, unnest($3::text[])`, [
        companyId,
        role,
        old,
      ]);
    }
  },
};

const registered = (companyId: string): NewEvent => ({
  type: 'CompanyRegistered',
  data: {
    companyId,
    name: 'Ubuntu Cover',
    cipNumber: '2019/100001/07',
    email: 'admin@ubuntu.co.za',
    phone: '0821234567',
    fspNumber: null,
    administratorUserId: randomUUID(),
    tier: 'starter',
    memberLimit: 100,
    registeredAt: '2025-01-01T08:00:00.000Z',
  },
});

describe.each(testDrivers())('the access read model and a permission added to the defaults on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('a company registered with the old defaults gets billing:run for the roles it never set, and keeps its own choices', async () => {
    const { sql, store, engine } = await openTestBed(driver, cleanups);
    const [plain, customised, clerk] = [randomUUID(), randomUUID(), randomUUID()];
    const policyAdmin = ['dashboard:read', 'members:read', 'members:create', 'policies:read', 'payments:read'].sort();
    const billingClerk = ['dashboard:read', 'payments:read', 'payments:create'].sort();
    const access = (companyId: string, events: NewEvent[]) =>
      store.append([{ streamId: `access-${companyId}`, expectedVersion: 'any', events }], { companyId, actorUserId: null });
    await store.append([{ streamId: `company-${plain}`, expectedVersion: 'no_stream', events: [registered(plain)] }], {
      companyId: plain,
      actorUserId: null,
    });
    await store.append([{ streamId: `company-${customised}`, expectedVersion: 'no_stream', events: [registered(customised)] }], {
      companyId: customised,
      actorUserId: null,
    });
    const last = await access(customised, [
      { type: 'RolePermissionsSet', data: { companyId: customised, role: 'policy_admin', permissions: policyAdmin, reason: 'changed' } },
      { type: 'RolePermissionsSet', data: { companyId: customised, role: 'billing_clerk', permissions: billingClerk, reason: 'changed' } },
      { type: 'UserPermissionGranted', data: { companyId: customised, userId: clerk, permission: 'reports:read' } },
      { type: 'UserPermissionRevoked', data: { companyId: customised, userId: clerk, permission: 'payments:create' } },
    ]);

    // Yesterday's read model: nobody has billing:run.
    const old = engine({ projectors: [before] });
    await catchUpTo(old, last.checkpoint);
    await old.stop();
    for (const companyId of [plain, customised]) {
      for (const [, permissions] of await companyRoleSets(sql, companyId)) expect(permissions).not.toContain(NEW_PERMISSION);
    }

    // Today's projector: its version differs, so the engine rebuilds it from the log at start.
    const now = engine({ projectors: [accessProjection] });
    await now.start();
    expect((await now.waitFor(last.checkpoint)).reached).toBe(true);
    expect((await now.status()).find((s) => s.name === 'access')).toMatchObject({
      version: accessProjection.version,
      activeVersion: accessProjection.version,
      generation: 2,
    });

    const sortedDefaults = (role: (typeof COMPANY_ROLES)[number]) => [...DEFAULT_ROLE_PERMISSIONS[role]].sort();
    const plainSets = await companyRoleSets(sql, plain);
    for (const role of COMPANY_ROLES) expect(plainSets.get(role) ?? [], role).toEqual(sortedDefaults(role));
    expect(plainSets.get('administrator')).toContain(NEW_PERMISSION);
    expect(plainSets.get('billing_clerk')).toContain(NEW_PERMISSION);

    const sets = await companyRoleSets(sql, customised);
    // Never set explicitly: today's defaults, billing:run included.
    expect(sets.get('administrator')).toEqual(sortedDefaults('administrator'));
    expect(sets.get('administrator')).toContain(NEW_PERMISSION);
    expect(sets.get('claim_admin')).toEqual(sortedDefaults('claim_admin'));
    // Set by the company: exactly as it chose, billing:run not forced on its billing clerks.
    expect(sets.get('policy_admin')).toEqual(policyAdmin);
    expect(sets.get('billing_clerk')).toEqual(billingClerk);
    expect(await userPermissionOverrides(sql, customised, clerk)).toEqual([
      { name: 'payments:create', effect: 'revoke' },
      { name: 'reports:read', effect: 'grant' },
    ]);
    expect(await effectivePermissionNames(sql, customised, clerk, 'billing_clerk')).toEqual([
      'dashboard:read',
      'payments:read',
      'reports:read',
    ]);
    expect(await effectivePermissionNames(sql, customised, randomUUID(), 'administrator')).toContain(NEW_PERMISSION);
  });
});
