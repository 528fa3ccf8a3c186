import type { AccessEvent, CompanyEvent } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS } from '@fpa/write-model/validation';
import { projectorOf } from '../engine/typed.ts';

/**
 * Each company's role sets and per-user overrides: what the gateway reads on every request to know
 * a user's effective permissions. Sets start as the defaults when the company registers.
 */
export const accessProjection = projectorOf<CompanyEvent | AccessEvent>()({
  name: 'access',
  // 2: the auditor role and the audit permissions: companies' default sets are replayed with them.
  // 3: billing:run (issue #20) for administrator and billing_clerk: the rebuild replays each company's
  // registration with today's defaults, so a role never set explicitly gains it, while a role set by a
  // RolePermissionsSet keeps exactly the set recorded (a company's own choice is not second-guessed;
  // its administrator can grant billing:run on the roles screen or press Initialize Default Permissions).
  // 4: members:read (issue #22) for claim_admin and billing_clerk, the same way: they open the member's page.
  // 5: notifications:read and notifications:resend (issue #24) for administrator, the same way.
  version: 5,
  handles: ['CompanyRegistered', 'RolePermissionsSet', 'UserPermissionGranted', 'UserPermissionRevoked'],
  tables: ['role_permissions', 'user_permission_overrides'],
  async init(tx) {
    await tx.exec(`
      create table if not exists role_permissions (
        company_id uuid not null,
        role text not null,
        permission text not null,
        primary key (company_id, role, permission)
      );
      create table if not exists user_permission_overrides (
        company_id uuid not null,
        user_id uuid not null,
        permission text not null,
        effect text not null check (effect in ('grant', 'revoke')),
        changed_at timestamptz not null,
        primary key (user_id, permission)
      );
    `);
  },
  async apply(tx, event) {
    switch (event.type) {
      case 'CompanyRegistered':
        for (const role of COMPANY_ROLES) await replaceRoleSet(tx, event.data.companyId, role, DEFAULT_ROLE_PERMISSIONS[role]);
        return;
      case 'RolePermissionsSet':
        return replaceRoleSet(tx, event.data.companyId, event.data.role, event.data.permissions);
      case 'UserPermissionGranted':
      case 'UserPermissionRevoked': {
        const d = event.data;
        await tx.query(
          `insert into user_permission_overrides (company_id, user_id, permission, effect, changed_at) values ($1, $2, $3, $4, $5)
           on conflict (user_id, permission) do update set effect = excluded.effect, changed_at = excluded.changed_at`,
          [d.companyId, d.userId, d.permission, event.type === 'UserPermissionGranted' ? 'grant' : 'revoke', event.recordedAt],
        );
        return;
      }
    }
  },
});

async function replaceRoleSet(tx: SqlExecutor, companyId: string, role: string, permissions: readonly string[]) {
  await tx.query(`delete from role_permissions where company_id = $1 and role = $2`, [companyId, role]);
  if (permissions.length === 0) return;
  await tx.query(`insert into role_permissions (company_id, role, permission) select $1, $2, unnest($3::text[]) on conflict do nothing`, [
    companyId,
    role,
    permissions,
  ]);
}
