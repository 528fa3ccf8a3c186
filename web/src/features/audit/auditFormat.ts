import { fieldLabel, roleLabel } from '@fpa/write-model/validation';
import type { AuditActor, AuditChange, AuditEntity } from './audit.operations';

export { fieldLabel };

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  claim: 'Claim',
  policy: 'Policy',
  member: 'Member',
  company: 'Company',
  agent: 'Agent',
  group_scheme: 'Group scheme',
};

export const AUDIT_ENTITIES = Object.keys(ENTITY_LABELS) as AuditEntity[];

export function isAuditEntity(value: unknown): value is AuditEntity {
  return typeof value === 'string' && Object.hasOwn(ENTITY_LABELS, value);
}

/** 'Thandi Nkosi (claim admin)'; the role with spaces, as the shell shows it. */
export function actorText(actor: AuditActor): string {
  return actor.role ? `${actor.name} (${roleLabel(actor.role)})` : actor.name;
}

/** A plain value as text: strings as they are, other values as compact JSON. */
export function plainText(value: unknown): string {
  if (value === null) return 'empty';
  if (typeof value === 'string') return value === '' ? '(blank)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A change's before or after (JSON text; null means the field was absent) as readable text. */
export function changeValueText(json: string | null | undefined): string {
  if (json == null) return '—';
  try {
    return plainText(JSON.parse(json));
  } catch {
    return json;
  }
}

/** 'Status: submitted → approved' */
export function changeText(change: AuditChange): string {
  return `${fieldLabel(change.field)}: ${changeValueText(change.before)} → ${changeValueText(change.after)}`;
}

export type StateField = { path: string; label: string; value: string };

function flatten(value: unknown, path: string, out: StateField[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push({ path, label: fieldLabel(path), value: 'none' });
    else if (value.every((item) => item === null || typeof item !== 'object'))
      out.push({ path, label: fieldLabel(path), value: value.map(plainText).join(', ') });
    else value.forEach((item, index) => flatten(item, `${path}.${index}`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push({ path, label: fieldLabel(path), value: 'none' });
    for (const [key, inner] of entries) flatten(inner, path ? `${path}.${key}` : key, out);
    return;
  }
  out.push({ path, label: fieldLabel(path), value: plainText(value) });
}

/**
 * The folded state (JSON text) as readable fields, one per leaf in the state's own order: nested
 * objects become 'Bank details › Account number', lists of records 'Documents › 1 › Category'.
 */
export function stateFields(stateJson: string | null | undefined): StateField[] {
  if (!stateJson) return [];
  let state: unknown;
  try {
    state = JSON.parse(stateJson);
  } catch {
    return [{ path: '', label: 'State', value: stateJson }];
  }
  const out: StateField[] = [];
  flatten(state, '', out);
  return out;
}

/** Whether a state field is (or lies under) one of the changed paths. */
export function isChangedField(path: string, changedPaths: readonly string[]): boolean {
  return changedPaths.some((changed) => path === changed || path.startsWith(`${changed}.`) || changed.startsWith(`${path}.`));
}
