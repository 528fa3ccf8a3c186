import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../errors.ts';
import type { SqlExecutor } from './sql.ts';

/**
 * Crypto-shredding (POPIA): every data subject has a random 256-bit key, stored wrapped with the
 * master key in es_subject_keys. Personal fields of events are sealed with it (pii-fields.ts);
 * erasure destroys the key, after which those fields read as '[erased]' everywhere, in every copy of
 * the log, while the events themselves stay and folds keep working.
 */
export type Keyring = {
  /**
   * Keys to seal new events with, created when missing. Runs inside the append transaction so a
   * rolled-back append leaves no key behind; call `remember()` once it has committed.
   * Throws SubjectErasedError for a subject whose key was destroyed.
   */
  keysForWrite(tx: SqlExecutor, subjectIds: readonly string[]): Promise<{ keys: Map<string, Buffer>; remember(): void }>;
  /**
   * Keys for the one-statement append (append-function.ts): cached or stored keys, and fresh ones
   * (`fresh`, wrapped) for subjects that have none yet, which the append inserts after its stream
   * locks; it refuses as stale if one appeared meanwhile. Call `remember()` once it has committed.
   */
  keysForAppend(subjectIds: readonly string[]): Promise<{ keys: Map<string, Buffer>; fresh: { s: string; k: string }[]; remember(): void }>;
  /** Keys to open stored events with; null where the key was destroyed (or never existed). */
  keysForRead(subjectIds: readonly string[]): Promise<Map<string, Buffer | null>>;
  /** Erasure: the key is gone for good; the subject's sealed fields read as '[erased]' from now on. */
  destroy(subjectId: string): Promise<void>;
  /** How many keys this process has destroyed (a counter): a copy decrypted before it moved may hold erased data. */
  erasures(): number;
};

export type KeyringOptions = {
  /** Unwrapped keys kept in memory (LRU). */
  cacheSize?: number;
  /** How long a cached key is trusted: bounds how late a destroy() made by another process takes effect here. */
  cacheTtlMs?: number;
};

export class SubjectErasedError extends DomainError {
  readonly subjectId: string;
  constructor(subjectId: string) {
    super('RULE_VIOLATED', 'The personal data of this person has been erased and cannot be recorded again.');
    this.name = 'SubjectErasedError';
    this.subjectId = subjectId;
  }
}

const KEY_BYTES = 32;

/** Shared with the event store's migration: serializes concurrent first starts, whose create-if-not-exists would otherwise collide. */
export const MIGRATION_LOCK = 'select pg_advisory_xact_lock(1702059885, 0);';

export async function migrateKeyring(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    ${MIGRATION_LOCK}
    create table if not exists es_subject_keys (
      subject_id text primary key,
      wrapped_key bytea,
      created_at timestamptz not null default now(),
      destroyed_at timestamptz
    );
  `);
}

export async function createKeyring(sql: SqlExecutor, masterKey: Buffer, options: KeyringOptions = {}): Promise<Keyring> {
  if (masterKey.length !== KEY_BYTES) throw new Error('The master key must be 32 bytes');
  await migrateKeyring(sql);
  const cache = new KeyCache(options.cacheSize ?? 10_000, options.cacheTtlMs ?? 60_000);
  let destroyed = 0;

  const load = async (db: SqlExecutor, subjectIds: readonly string[]) => {
    // One subject (a registration, most live reads) by `=`: PostgreSQL plans `= any($1)` for every array it is
    // given (the plan made once assumes ten elements and looks dearer), 62 µs of planning for a 20 µs lookup.
    const one = subjectIds.length === 1;
    const rows = await db.query<{ subject_id: string; wrapped: string | null }>(
      `select subject_id, encode(wrapped_key, 'base64') as wrapped from es_subject_keys where ${one ? 'subject_id = $1' : 'subject_id = any($1::text[])'}`,
      [one ? subjectIds[0] : subjectIds],
    );
    // Only rows: a missing row is not an erasure, and must not be cached as one.
    return new Map<string, Buffer | null>(
      rows.map((row) => [row.subject_id, row.wrapped ? unwrap(masterKey, row.subject_id, row.wrapped) : null]),
    );
  };

  /** The cached keys of these subjects, and the ids still to read or create; an erased one refuses. */
  const fromCache = (subjectIds: Iterable<string>) => {
    const keys = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const id of new Set(subjectIds)) {
      const cached = cache.get(id);
      if (cached === null) throw new SubjectErasedError(id);
      if (cached) keys.set(id, cached);
      else missing.push(id);
    }
    return { keys, missing };
  };

  return {
    async keysForWrite(tx, subjectIds) {
      const { keys, missing } = fromCache(subjectIds);
      if (missing.length === 0) return { keys, remember() {} };
      // Sorted, so two appends creating keys for the same people cannot deadlock on each other's rows.
      missing.sort();
      const fresh = new Map(missing.map((id) => [id, randomBytes(KEY_BYTES)]));
      const inserted = await tx.query<{ subject_id: string }>(
        `insert into es_subject_keys (subject_id, wrapped_key)
         select x->>'s', decode(x->>'k', 'base64') from jsonb_array_elements($1::text::jsonb) as x order by 1
         on conflict (subject_id) do nothing
         returning subject_id`,
        [JSON.stringify(missing.map((id) => ({ s: id, k: wrap(masterKey, id, fresh.get(id) as Buffer) })))],
      );
      const learned = new Map<string, Buffer>();
      for (const { subject_id } of inserted) learned.set(subject_id, fresh.get(subject_id) as Buffer);
      const existing = missing.filter((id) => !learned.has(id));
      // A separate statement: it sees keys a concurrent append committed while our insert waited for it.
      if (existing.length > 0) {
        const loaded = await load(tx, existing);
        for (const id of existing) {
          const key = loaded.get(id);
          if (!key) throw new SubjectErasedError(id);
          learned.set(id, key);
        }
      }
      for (const [id, key] of learned) keys.set(id, key);
      return { keys, remember: () => learned.forEach((key, id) => cache.set(id, key)) };
    },

    async keysForAppend(subjectIds) {
      const { keys, missing } = fromCache(subjectIds);
      const learned = new Map<string, Buffer>();
      const fresh: { s: string; k: string }[] = [];
      if (missing.length > 0) {
        const loaded = await load(sql, missing);
        for (const id of missing.sort()) {
          const key = loaded.get(id);
          if (key === null) throw new SubjectErasedError(id);
          const known = key ?? randomBytes(KEY_BYTES);
          if (!key) fresh.push({ s: id, k: wrap(masterKey, id, known) });
          learned.set(id, known);
          keys.set(id, known);
        }
      }
      return { keys, fresh, remember: () => learned.forEach((key, id) => cache.set(id, key)) };
    },

    async keysForRead(subjectIds) {
      const keys = new Map<string, Buffer | null>();
      const missing: string[] = [];
      for (const id of new Set(subjectIds)) {
        const cached = cache.get(id);
        if (cached === undefined) missing.push(id);
        else keys.set(id, cached);
      }
      if (missing.length > 0) {
        const loaded = await load(sql, missing);
        for (const id of missing) {
          const key = loaded.get(id);
          if (key === undefined) keys.set(id, null);
          else {
            keys.set(id, key);
            cache.set(id, key);
          }
        }
      }
      return keys;
    },

    async destroy(subjectId) {
      // Upsert: erasing someone who has no key yet still stops personal data about them being recorded.
      await sql.query(
        `insert into es_subject_keys (subject_id, wrapped_key, destroyed_at) values ($1, null, now())
         on conflict (subject_id) do update
           set wrapped_key = null, destroyed_at = coalesce(es_subject_keys.destroyed_at, now())`,
        [subjectId],
      );
      cache.set(subjectId, null);
      destroyed += 1;
    },
    erasures: () => destroyed,
  };
}

/**
 * The master key: DATA_KEY (base64 of 32 bytes, or any passphrase, stretched with scrypt) or else a
 * key file `master.key` in the data folder, created (mode 0600) on first start.
 */
export function loadMasterKey(config: { dataKey?: string; dataDir?: string }): Buffer {
  const dataKey = config.dataKey?.trim();
  if (dataKey) {
    const decoded = Buffer.from(dataKey, 'base64');
    if (decoded.length === KEY_BYTES && decoded.toString('base64') === dataKey) return decoded;
    // A fixed salt is deliberate: the same passphrase must give the same key on every start and host.
    return scryptSync(dataKey, 'fpa/data-key/v1', KEY_BYTES, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  }
  if (config.dataDir) {
    const file = join(config.dataDir, 'master.key');
    mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx' fails when the file exists, so two processes starting together cannot overwrite each other's key.
      writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a base64 32-byte key`);
    return key;
  }
  throw new Error(
    'No master key for personal data: set DATA_KEY (base64 of 32 bytes, or a passphrase) or DATA_DIR (a key file is created there).',
  );
}

/**
 * Names a master key without revealing it (an HMAC of a fixed label), so an import can check that the
 * target runs with the key the exported subject keys are wrapped under before it writes anything.
 */
export function masterKeyFingerprint(masterKey: Buffer): string {
  return createHmac('sha256', masterKey).update('fpa/master-key-fingerprint/v1').digest('base64url').slice(0, 22);
}

// Wrapped key layout: iv (12) | tag (16) | ciphertext (32). The subject id is authenticated, so a
// wrapped key copied onto another subject's row does not open.
export function wrap(masterKey: Buffer, subjectId: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(`es_subject_keys:${subjectId}`, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function unwrap(masterKey: Buffer, subjectId: string, wrapped: string): Buffer {
  const bytes = Buffer.from(wrapped, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`es_subject_keys:${subjectId}`, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

/** A bounded LRU of unwrapped keys; null marks a destroyed key (erasure is final, so that is safe to keep). */
class KeyCache {
  readonly #entries = new Map<string, { key: Buffer | null; expires: number }>();
  constructor(
    readonly max: number,
    readonly ttlMs: number,
  ) {}

  get(subjectId: string): Buffer | null | undefined {
    const entry = this.#entries.get(subjectId);
    if (!entry) return undefined;
    this.#entries.delete(subjectId);
    if (entry.expires <= Date.now() && entry.key !== null) return undefined;
    this.#entries.set(subjectId, entry);
    return entry.key;
  }

  set(subjectId: string, key: Buffer | null): void {
    this.#entries.delete(subjectId);
    this.#entries.set(subjectId, { key, expires: Date.now() + this.ttlMs });
    while (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
