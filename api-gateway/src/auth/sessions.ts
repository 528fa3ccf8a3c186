import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { hashToken } from '@fpa/write-model';
import { effectivePermissionsSelect, USER_COLUMNS, type UserRow } from '@fpa/projections';

export const SESSION_COOKIE = 'fpa_session';
export const SESSION_TTL_HOURS = 12;

/** An opaque 256-bit random token; the database keeps only its SHA-256. */
export async function createSession(
  sql: SqlExecutor,
  userId: string,
  client: { ip: string; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_HOURS * 3600_000);
  await sql.query(`insert into auth_sessions (token_hash, user_id, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5)`, [
    hashToken(token),
    userId,
    expiresAt,
    client.ip,
    client.userAgent,
  ]);
  return { token, expiresAt };
}

/**
 * The signed-in user behind a token, with the permissions in force, in one statement (it runs on every
 * request): none unless the session is live, the user active and the user's company not suspended.
 * Everything is read now, so a logout, a role or permission change or a suspension applies to the
 * very next request.
 */
export async function findSessionUser(sql: SqlExecutor, token: string): Promise<(UserRow & { permissions: string[] }) | null> {
  const rows = await sql.query<UserRow & { permissions: string[] }>(
    `select ${USER_COLUMNS},
            array(${effectivePermissionsSelect('u.company_id', 'u.id', 'u.role')}) as permissions
       from user_accounts u
      where u.id = (select s.user_id from auth_sessions s
                     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now())
        and u.is_active
        -- The company's row by its key (none for the platform's staff): an "is null or exists" here was planned as a
        -- hash of every active company, built on every request.
        and coalesce((select c.is_active from companies c where c.id = u.company_id), u.company_id is null)`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

export async function revokeSession(sql: SqlExecutor, token: string): Promise<void> {
  await sql.query(`update auth_sessions set revoked_at = now() where token_hash = $1 and revoked_at is null`, [hashToken(token)]);
}

/** Signs the users out everywhere (a suspended company's staff): their tokens never count again. */
export async function revokeSessionsOfUsers(sql: SqlExecutor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql.query(`update auth_sessions set revoked_at = now() where user_id = any($1::uuid[]) and revoked_at is null`, [userIds]);
}

/** The token from `Authorization: Bearer …`, else from the httpOnly cookie. */
export function sessionTokenFrom(request: Request): string | null {
  const header = request.headers.get('authorization');
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const cookies = request.headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE && rest.length > 0) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Expires=${expiresAt.toUTCString()}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}
