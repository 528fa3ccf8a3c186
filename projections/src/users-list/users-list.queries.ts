import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { Role } from '@fpa/write-model/validation';

export type UserRow = {
  id: string;
  companyId: string | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone: string | null;
  isActive: boolean;
  /** An administrator reset the password to a temporary one: the user must choose a new one first (issue #25). */
  mustChangePassword: boolean;
  createdAt: Date;
};

/** The UserRow columns of user_accounts (unqualified: the table must be the only one with these names in scope). */
export const USER_COLUMNS = `id, company_id as "companyId", username, email, first_name as "firstName", last_name as "lastName",
  role, phone, is_active as "isActive",
  must_change_password as "mustChangePassword", created_at as "createdAt"`;

export async function findUserById(sql: SqlExecutor, id: string): Promise<UserRow | null> {
  const rows = await sql.query<UserRow>(`select ${USER_COLUMNS} from user_accounts where id = $1`, [id]);
  return rows[0] ?? null;
}

/** Reset requests look users up by e-mail; several accounts may share one address. */
export async function findUsersByEmail(sql: SqlExecutor, email: string): Promise<UserRow[]> {
  return sql.query<UserRow>(`select ${USER_COLUMNS} from user_accounts where lower(email) = lower($1) and is_active`, [email.trim()]);
}

/** A company's staff accounts, by name. */
export async function companyUsers(sql: SqlExecutor, companyId: string): Promise<UserRow[]> {
  return sql.query<UserRow>(`select ${USER_COLUMNS} from user_accounts where company_id = $1 order by first_name, last_name, username`, [
    companyId,
  ]);
}
