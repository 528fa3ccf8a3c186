import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { usernameKey } from './identity.schema.ts';

export const USERNAME_TAKEN = 'Username already exists';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** Inside an append transaction: the username is claimed or the whole append rolls back. */
export async function insertCredential(
  tx: SqlExecutor,
  credential: { userId: string; username: string; passwordHash: string },
): Promise<void> {
  try {
    await tx.query(`insert into auth_credentials (user_id, username, username_key, password_hash) values ($1, $2, $3, $4)`, [
      credential.userId,
      credential.username.trim(),
      usernameKey(credential.username),
      credential.passwordHash,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('ALREADY_EXISTS', USERNAME_TAKEN, [{ path: ['username'], message: USERNAME_TAKEN }]);
    }
    throw error;
  }
}

export async function updatePasswordHash(tx: SqlExecutor, userId: string, passwordHash: string): Promise<void> {
  await tx.query(`update auth_credentials set password_hash = $2, updated_at = now() where user_id = $1`, [userId, passwordHash]);
}

export async function findCredentialByUsername(
  sql: SqlExecutor,
  username: string,
): Promise<{ userId: string; username: string; passwordHash: string } | null> {
  const rows = await sql.query<{ user_id: string; username: string; password_hash: string }>(
    `select user_id, username, password_hash from auth_credentials where username_key = $1`,
    [usernameKey(username)],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, username: row.username, passwordHash: row.password_hash } : null;
}

export async function findPasswordHash(sql: SqlExecutor, userId: string): Promise<string | null> {
  const rows = await sql.query<{ password_hash: string }>(`select password_hash from auth_credentials where user_id = $1`, [userId]);
  return rows[0]?.password_hash ?? null;
}

/**
 * Claims a key within a scope (a CIPC number, an SA ID within a company, ...) inside the append
 * transaction. A concurrent claim of the same key waits on the unique index and then fails.
 */
export async function reserve(
  tx: SqlExecutor,
  reservation: { scope: string; key: string; ownerId: string },
  refusal: DomainError,
): Promise<void> {
  if (!(await tryReserve(tx, reservation))) throw refusal;
}

/** reserve's claim itself: false when the key is held (a caller that must name the holder looks it up next). */
export async function tryReserve(tx: SqlExecutor, reservation: { scope: string; key: string; ownerId: string }): Promise<boolean> {
  const rows = await tx.query(`insert into reservations (scope, key, owner_id) values ($1, $2, $3) on conflict do nothing returning key`, [
    reservation.scope,
    reservation.key,
    reservation.ownerId,
  ]);
  return rows.length > 0;
}

/** Who holds a key within a scope now (the write side's own answer), or null. */
export async function reservationHolder(sql: SqlExecutor, scope: string, key: string): Promise<string | null> {
  const [row] = await sql.query<{ owner_id: string }>(`select owner_id from reservations where scope = $1 and key = $2`, [scope, key]);
  return row?.owner_id ?? null;
}

export async function release(tx: SqlExecutor, reservation: { scope: string; key: string; ownerId: string }) {
  await tx.query(`delete from reservations where scope = $1 and key = $2 and owner_id = $3`, [
    reservation.scope,
    reservation.key,
    reservation.ownerId,
  ]);
}
