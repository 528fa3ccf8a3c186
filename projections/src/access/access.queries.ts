import type { SqlExecutor } from '@fpa/write-model/event-store';

export type PermissionOverrideRow = { name: string; effect: 'grant' | 'revoke' };

/**
 * Role set + grants − revokes of one user, as a select over three SQL expressions (parameters or
 * columns of an outer query): the session lookup embeds it, so a request reads the set in force now.
 * The revokes are read once and taken away from the role's set (a `not exists` per permission probed the
 * overrides once for each of the role's forty-odd permissions: 88 of the lookup's 97 buffer reads).
 */
export function effectivePermissionsSelect(company: string, user: string, role: string): string {
  return `(select permission from role_permissions r where r.company_id = ${company} and r.role = ${role}
      except
      select permission from user_permission_overrides where user_id = ${user} and effect = 'revoke')
     union
     select permission from user_permission_overrides where user_id = ${user} and company_id = ${company} and effect = 'grant'
     order by 1`;
}

/** Role set + grants − revokes, in one round trip. */
export async function effectivePermissionNames(sql: SqlExecutor, companyId: string, userId: string, role: string): Promise<string[]> {
  const rows = await sql.query<{ permission: string }>(effectivePermissionsSelect('$1', '$2', '$3'), [companyId, userId, role]);
  return rows.map((r) => r.permission);
}

/** Every role's current set for the company: role → permission names. */
export async function companyRoleSets(sql: SqlExecutor, companyId: string): Promise<Map<string, string[]>> {
  const rows = await sql.query<{ role: string; permission: string }>(
    `select role, permission from role_permissions where company_id = $1 order by role, permission`,
    [companyId],
  );
  const sets = new Map<string, string[]>();
  for (const row of rows) sets.set(row.role, [...(sets.get(row.role) ?? []), row.permission]);
  return sets;
}

export async function userPermissionOverrides(sql: SqlExecutor, companyId: string, userId: string): Promise<PermissionOverrideRow[]> {
  return sql.query<PermissionOverrideRow>(
    `select permission as name, effect from user_permission_overrides where company_id = $1 and user_id = $2 order by permission`,
    [companyId, userId],
  );
}
