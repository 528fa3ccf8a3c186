import { createHash, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';

export const RESET_TOKEN_TTL_MINUTES = 30;
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random 256-bit token; only its hash is stored. */
export async function issueResetToken(sql: SqlExecutor, userId: string, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
  await sql.query(`insert into auth_reset_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)`, [
    hashToken(token),
    userId,
    expires,
  ]);
  return token;
}

/** The user a live (unused, unexpired) token belongs to. */
export async function findResetTokenUser(sql: SqlExecutor, token: string): Promise<string | null> {
  const rows = await sql.query<{ user_id: string }>(
    `select user_id from auth_reset_tokens where token_hash = $1 and used_at is null and expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Marks the token used inside the password-change transaction: of two concurrent uses only one
 * finds it unused, so a link works exactly once. Every other outstanding token of the user is voided
 * with it: an older link still sitting in a mailbox must not reset the new password.
 */
export async function consumeResetToken(tx: SqlExecutor, token: string, userId: string): Promise<void> {
  const rows = await tx.query(
    `update auth_reset_tokens set used_at = now()
       where token_hash = $1 and user_id = $2 and used_at is null and expires_at > now() returning user_id`,
    [hashToken(token), userId],
  );
  if (rows.length === 0) throw new DomainError('INVALID_TOKEN', RESET_LINK_INVALID);
  await tx.query(`update auth_reset_tokens set used_at = now() where user_id = $1 and used_at is null`, [userId]);
}

/** Every live session of the user, except the one whose token hash is `keepTokenHash` (the caller's own). */
export async function revokeSessionsOfUser(tx: SqlExecutor, userId: string, keepTokenHash: string | null = null): Promise<void> {
  await tx.query(
    `update auth_sessions set revoked_at = now()
      where user_id = $1 and revoked_at is null and ($2::text is null or token_hash <> $2::text)`,
    [userId, keepTokenHash],
  );
}
