import { fieldLabel } from '../validation/field-label.ts';
import type { FieldChange } from './changes.ts';

/*
 * Issue #22: a history a clerk can read on the member's page. The Audit page shows every field of the
 * folded record as it changed (ids, keys and all); this says the same in business words: the fields a
 * person cares about, the records an id points at by their names, and nothing about a field that was
 * merely created empty. The raw event stays one click away in Audit.
 */

/** Records an id field points at, resolved to a name by the caller (a member's name, a policy's number). */
export type NamedKind = 'member' | 'policy' | 'policy_type' | 'agent';

/** The fields that hold ids of other records, and what they name. A list of ids is named item by item. */
export const REFERENCE_FIELDS: Record<string, { kind: NamedKind; label: string }> = {
  mainMemberId: { kind: 'member', label: 'Main member' },
  familyMemberIds: { kind: 'member', label: 'Family members' },
  memberId: { kind: 'member', label: 'Member' },
  policyId: { kind: 'policy', label: 'Policy' },
  policyIds: { kind: 'policy', label: 'Policies' },
  policyTypeId: { kind: 'policy_type', label: 'Policy type' },
  agentId: { kind: 'agent', label: 'Agent' },
};

/** Bookkeeping the record keeps for the system, never news to a reader. */
const INTERNAL = new Set([
  'companyId',
  'identifierKey',
  'identifierType',
  'id',
  'position',
  'version',
  'streamId',
  'commandId',
  'source',
  'activations',
]);

export type ReadableChange = { label: string; before: string | null; after: string | null };

export type Names = (kind: NamedKind, id: string) => string | null;

const leafOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

function parse(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** Nothing worth saying: absent, null, blank, an empty list or record. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function text(value: unknown, reference: { kind: NamedKind } | undefined, names: Names): string | null {
  if (isEmpty(value)) return null;
  const one = (item: unknown): string => {
    if (reference && typeof item === 'string') return names(reference.kind, item) ?? 'a record since removed';
    if (typeof item === 'boolean') return item ? 'Yes' : 'No';
    if (typeof item === 'string' || typeof item === 'number') return String(item);
    return JSON.stringify(item);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

/**
 * The changes of one event as a reader sees them. `ownId` is the record's own id field (memberId on a
 * member's history): it says nothing the heading does not.
 */
export function readableChanges(changes: readonly FieldChange[], names: Names, ownId: string | null = null): ReadableChange[] {
  const out: ReadableChange[] = [];
  for (const change of changes) {
    const leaf = leafOf(change.field);
    if (INTERNAL.has(leaf) || leaf === ownId) continue;
    const reference = change.field === leaf ? REFERENCE_FIELDS[leaf] : undefined;
    const before = text(parse(change.before), reference, names);
    const after = text(parse(change.after), reference, names);
    if (before === after) continue;
    out.push({ label: reference?.label ?? fieldLabel(change.field), before, after });
  }
  return out;
}

/** The ids an event's changes name, by kind: what the caller looks up before readableChanges. */
export function referencedIds(changes: readonly FieldChange[]): Map<NamedKind, Set<string>> {
  const ids = new Map<NamedKind, Set<string>>();
  for (const change of changes) {
    const reference = REFERENCE_FIELDS[change.field];
    if (!reference) continue;
    for (const json of [change.before, change.after]) {
      const value = parse(json);
      for (const id of Array.isArray(value) ? value : [value]) {
        if (typeof id !== 'string') continue;
        if (!ids.has(reference.kind)) ids.set(reference.kind, new Set());
        ids.get(reference.kind)!.add(id);
      }
    }
  }
  return ids;
}
