/** One field of a record that an event changed: dot path, JSON text of the values (null = absent). */
export type FieldChange = { field: string; before: string | null; after: string | null };

/** A folded state as plain JSON: sets become sorted arrays, maps objects, undefined members go. */
export function toJsonValue(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(toJsonValue).sort();
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toJsonValue(v)]));
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, toJsonValue(v)]),
    );
  }
  return value;
}

const ID_KEYS = ['memberId', 'documentId', 'paymentId', 'id'];

/** The key that identifies the items of a list of records (so a list diffs item by item), if any. */
function itemKey(list: unknown[]): string | null {
  if (list.length === 0 || !list.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) return null;
  return ID_KEYS.find((key) => list.every((item) => typeof (item as Record<string, unknown>)[key] === 'string')) ?? null;
}

/**
 * Leaves of a JSON value by dot path. Objects are walked; a list of records with an id is walked by
 * that id (`members.<memberId>.firstName`); any other list is one leaf.
 */
export function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) {
    const key = itemKey(value);
    if (!key) {
      into.set(prefix, value);
      return into;
    }
    for (const item of value) flatten(item, `${prefix}.${(item as Record<string, string>)[key]}`, into);
    return into;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, into);
    return into;
  }
  if (prefix) into.set(prefix, value);
  return into;
}

/** What changed from one state to the next, field by field, in the order the fields appear. */
export function diffStates(before: unknown, after: unknown): FieldChange[] {
  const a = flatten(toJsonValue(before));
  const b = flatten(toJsonValue(after));
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = a.has(field) ? JSON.stringify(a.get(field)) : null;
    const is = b.has(field) ? JSON.stringify(b.get(field)) : null;
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}
