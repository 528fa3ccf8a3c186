import type { SqlExecutor } from '../event-store/sql.ts';

/**
 * Operational state that must not live in the immutable event log: password hashes, sessions,
 * reset tokens, login attempts, and reservation rows that make cross-stream uniqueness hold
 * under concurrent requests (they are written in the same transaction as the append).
 */
export async function migrateIdentity(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    create table if not exists auth_credentials (
      user_id uuid primary key,
      username text not null,
      username_key text not null unique,
      password_hash text not null,
      updated_at timestamptz not null default now()
    );
    create table if not exists auth_sessions (
      token_hash text primary key,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      ip text,
      user_agent text
    );
    create index if not exists auth_sessions_user on auth_sessions (user_id);
    create table if not exists auth_reset_tokens (
      token_hash text primary key,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create table if not exists auth_reset_requests (
      id bigint generated always as identity primary key,
      email_key text not null,
      ip text not null,
      requested_at timestamptz not null
    );
    create index if not exists auth_reset_requests_email on auth_reset_requests (email_key, requested_at);
    create index if not exists auth_reset_requests_ip on auth_reset_requests (ip, requested_at);
    create table if not exists auth_login_attempts (
      id bigint generated always as identity primary key,
      username_key text not null,
      ip text not null,
      succeeded boolean not null,
      attempted_at timestamptz not null default now()
    );
    create index if not exists auth_login_attempts_user on auth_login_attempts (username_key, attempted_at);
    create index if not exists auth_login_attempts_ip on auth_login_attempts (ip, attempted_at);
    create table if not exists reservations (
      scope text not null,
      key text not null,
      owner_id text not null,
      reserved_at timestamptz not null default now(),
      primary key (scope, key)
    );
    -- Issue #22: each group scheme member's cover by SA ID, so the funeral limit per life is decided across
    -- schemes and the person's individual cover in the append transaction (members/life-cover-cap.ts).
    create table if not exists scheme_life_covers (
      scheme_member_id uuid primary key,
      company_id uuid not null,
      sa_id text not null,
      scheme_id uuid not null,
      cover numeric(17,2) not null
    );
    create index if not exists scheme_life_covers_person on scheme_life_covers (company_id, sa_id);
  `);
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
