import { randomBytes, scryptSync } from 'node:crypto';

/**
 * The event log as NDJSON: a header line, then the subject keys, the write side's plain tables, and
 * the events in the order subscribers read them. Events go out as stored: personal fields stay
 * ciphertext, so the file is no more readable than the database it came from.
 *
 * Subject keys are wrapped. Two ways, chosen at export:
 * - `master` (default): as stored, under the source's master key; the target must run with the same
 *   DATA_KEY (or master.key file). The header carries the key's fingerprint, and import refuses a
 *   target whose key does not match before writing anything.
 * - `passphrase`: unwrapped with the source's master key and wrapped again under a key stretched from
 *   a passphrase (scrypt, random salt in the header); import unwraps them with the passphrase and wraps
 *   them under the target's own master key. For moving to a new DATA_KEY, or for a file that must not
 *   open with the production key alone.
 */
export const FORMAT = 'fpa-event-log';
export const FORMAT_VERSION = 1;

export type KeyWrapping = { mode: 'master'; fingerprint: string } | { mode: 'passphrase'; salt: string; N: number; r: number; p: number };

export type Header = {
  kind: 'header';
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  exportedAt: string;
  keys: KeyWrapping;
};

export type KeyLine = { kind: 'key'; subjectId: string; wrappedKey: string | null; createdAt: string; destroyedAt: string | null };
export type RowLine = { kind: 'row'; table: string; row: Record<string, unknown> };
export type EventLine = {
  kind: 'event';
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  companyId: string | null;
  recordedAt: string;
  /** The event's hash-chain link as stored (absent from exports made before the chain existed). */
  hash?: string | null;
};
export type Trailer = { kind: 'end'; keys: number; rows: number; events: number };
export type Line = Header | KeyLine | RowLine | EventLine | Trailer;

/**
 * Plain tables not carried: sessions, reset links, reset requests and login attempts are short-lived (people sign in
 * again after a move); es_* and projection_* are handled on their own or rebuilt.
 */
export const NOT_EXPORTED = new Set(['auth_sessions', 'auth_reset_tokens', 'auth_reset_requests', 'auth_login_attempts']);
export const isCarriedTable = (name: string): boolean =>
  !NOT_EXPORTED.has(name) && !name.startsWith('es_') && !name.startsWith('projection_');

const SCRYPT = { N: 1 << 15, r: 8, p: 1 };

export function newPassphraseWrapping(): Extract<KeyWrapping, { mode: 'passphrase' }> {
  return { mode: 'passphrase', salt: randomBytes(16).toString('base64'), ...SCRYPT };
}

export function passphraseKey(passphrase: string, wrapping: Extract<KeyWrapping, { mode: 'passphrase' }>): Buffer {
  if (passphrase.length < 12) throw new Error('The export passphrase must be at least 12 characters.');
  return scryptSync(passphrase, Buffer.from(wrapping.salt, 'base64'), 32, {
    N: wrapping.N,
    r: wrapping.r,
    p: wrapping.p,
    maxmem: 64 * 1024 * 1024,
  });
}
