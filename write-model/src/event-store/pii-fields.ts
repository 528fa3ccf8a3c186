import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ERASED, type PiiMarking } from './types.ts';

/**
 * Field-level encryption of personal data inside event data (crypto-shredding): AES-256-GCM under the
 * data subject's own key, the subject id in the additional authenticated data so a ciphertext cannot
 * be passed off as another person's. Two envelopes:
 *
 * - `v2` (written since 2026-11-27): one seal per subject per event. The subject's marked fields that
 *   hold a value are sealed together, as a JSON array in marking order; the first of them is stored as
 *   `{"$pii": "v2.<iv>.<tag>.<ciphertext>"}` and each other one as `{"$pii": "v2"}`. The field paths
 *   are authenticated with the subject id, so a value cannot be moved to another field. One cipher per
 *   person and event instead of one per field: a CSV import's member carries about eight.
 * - `v1` (events written before): `{"$pii": "v1.<iv>.<tag>.<ciphertext>"}` per field, the field's JSON
 *   value sealed alone. Still read.
 */
export type EncryptedField = { $pii: string };

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The v2 fields after the first: their values are in the first one's seal. */
const V2_MEMBER = 'v2';

/**
 * Random IVs drawn from one larger read of the CSPRNG: a call to randomBytes per field was 4% of the
 * gateway's CPU in a CSV import's profile. Each IV is used once; the pool is this process's own.
 */
const IVS_PER_DRAW = 1024;
let ivPool = Buffer.alloc(0);
let ivOffset = 0;
function freshIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_BYTES * IVS_PER_DRAW);
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

/** `<iv>.<tag>.<ciphertext>` (base64) of the text. */
function seal(key: Buffer, aad: string, text: string): string {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join('.');
}

/** The text of `<version>.<iv>.<tag>.<ciphertext>`; throws when it does not open (wrong key, subject, paths, or tampered). */
function open(key: Buffer, aad: string, envelope: string, version: string): string {
  const [given, iv, tag, ciphertext, ...rest] = envelope.split('.');
  if (given !== version || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
    throw new Error(`Unknown personal-data envelope (${String(given)})`);
  }
  // The tag's length is fixed: without authTagLength GCM would accept a tag cut short (down to 4 bytes).
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

/** A v1 field: one value sealed alone (events written before v2; kept to write them in tests). */
export function sealValue(key: Buffer, subjectId: string, value: unknown): EncryptedField {
  return { $pii: `v1.${seal(key, subjectId, JSON.stringify(value))}` };
}

/** Opens a v1 field. */
export function openValue(key: Buffer, subjectId: string, field: EncryptedField): unknown {
  return JSON.parse(open(key, subjectId, field.$pii, 'v1'));
}

/** What a v2 seal authenticates beside its text: the subject and the paths of the fields it holds. */
function v2Aad(subjectId: string, paths: readonly string[]): string {
  return ['v2', subjectId, ...paths].join('\u0000');
}

export function isEncryptedField(value: unknown): value is EncryptedField {
  return typeof value === 'object' && value !== null && typeof (value as { $pii?: unknown }).$pii === 'string';
}

/** Every subject named in the markings, once. */
export function subjectsOf(markings: readonly PiiMarking[] | undefined): string[] {
  return [...new Set((markings ?? []).map((marking) => marking.subjectId))];
}

/**
 * A copy of `data` with every marked field sealed (v2: one seal per subject). null/undefined values stay
 * as they are (there is nothing personal to hide, and a fold can still tell "absent" from "erased").
 */
export function encryptFields(
  data: Record<string, unknown>,
  markings: readonly PiiMarking[] | undefined,
  keys: ReadonlyMap<string, Buffer>,
): Record<string, unknown> {
  if (!markings || markings.length === 0) return data;
  checkMarkings(markings);
  // The caller's object stays untouched: the objects and arrays on the marked paths are copied (once
  // each) before a field of theirs is replaced; the rest is shared, as event data is plain JSON.
  const copy = { ...data };
  const copied = new Set<object>([copy]);
  for (const { subjectId, fields } of markings) {
    const key = keys.get(subjectId);
    if (!key) throw new Error(`No key for data subject ${subjectId}`);
    const held = fields.flatMap((path) => {
      const slot = slotAt(copy, path, copied);
      return slot && slot.container[slot.key] !== null && slot.container[slot.key] !== undefined ? [{ path, slot }] : [];
    });
    if (held.length === 0) continue;
    const sealed = seal(
      key,
      v2Aad(
        subjectId,
        held.map((h) => h.path),
      ),
      JSON.stringify(held.map(({ slot }) => slot.container[slot.key])),
    );
    held.forEach(({ slot }, i) => {
      slot.container[slot.key] = { $pii: i === 0 ? `v2.${sealed}` : V2_MEMBER };
    });
  }
  return copy;
}

/**
 * Opens every sealed field in place (data is a freshly parsed row, owned by the caller). A subject
 * whose key is gone (null) reads as ERASED, so folds and rebuilds keep working after erasure.
 */
export function decryptFields(
  data: Record<string, unknown>,
  markings: readonly PiiMarking[] | undefined,
  keys: ReadonlyMap<string, Buffer | null>,
): Record<string, unknown> {
  if (!markings || markings.length === 0) return data;
  for (const { subjectId, fields } of markings) {
    const key = keys.get(subjectId) ?? null;
    const v2: { path: string; slot: Slot; envelope: string }[] = [];
    for (const path of fields) {
      const slot = slotAt(data, path);
      const value = slot?.container[slot.key];
      if (!slot || !isEncryptedField(value)) continue;
      const envelope = value.$pii;
      if (envelope === V2_MEMBER || envelope.startsWith('v2.')) v2.push({ path, slot, envelope });
      else slot.container[slot.key] = key ? openValue(key, subjectId, value) : ERASED;
    }
    if (v2.length === 0) continue;
    if (!key) {
      for (const { slot } of v2) slot.container[slot.key] = ERASED;
      continue;
    }
    const values: unknown = JSON.parse(
      open(
        key,
        v2Aad(
          subjectId,
          v2.map((f) => f.path),
        ),
        v2[0]!.envelope,
        'v2',
      ),
    );
    if (!Array.isArray(values) || values.length !== v2.length || v2.slice(1).some((f) => f.envelope !== V2_MEMBER)) {
      throw new Error('Unknown personal-data envelope (v2 fields do not match their seal)');
    }
    v2.forEach(({ slot }, i) => {
      slot.container[slot.key] = values[i];
    });
  }
  return data;
}

function checkMarkings(markings: readonly PiiMarking[]): void {
  const seen = new Set<string>();
  for (const { subjectId, fields } of markings) {
    if (!subjectId) throw new Error('A personal-data marking needs a subjectId');
    for (const path of fields) {
      if (!path || path.split('.').some((part) => part === '')) throw new Error(`Invalid personal-data field path "${path}"`);
      // One field belongs to one person; sealing it twice would make it unreadable for the first.
      if (seen.has(path)) throw new Error(`Personal-data field "${path}" is marked more than once`);
      seen.add(path);
    }
  }
}

/** Where a field lives: its object (or array) and its key there. */
type Slot = { container: Record<string, unknown>; key: string };

/**
 * The field at a dot path (object keys or array indexes); undefined when the path is missing. With
 * `copied`, each object or array on the way that is not in it yet is replaced by a shallow copy first.
 */
function slotAt(root: Record<string, unknown>, path: string, copied?: Set<object>): Slot | undefined {
  const parts = path.split('.');
  let node: Record<string, unknown> = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const child = node[parts[i]!];
    if (typeof child !== 'object' || child === null) return undefined;
    let next = child as Record<string, unknown>;
    if (copied && !copied.has(next)) {
      next = (Array.isArray(next) ? [...next] : { ...next }) as Record<string, unknown>;
      copied.add(next);
      node[parts[i]!] = next;
    }
    node = next;
  }
  const key = parts[parts.length - 1]!;
  return Object.hasOwn(node, key) ? { container: node, key } : undefined;
}
