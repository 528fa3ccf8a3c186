import type { AuditEntry } from './replay.ts';
import type { ReadableChange } from './readable.ts';

/**
 * Issue #22: a group scheme's member has no stream of their own: what happened to them is on the scheme's.
 * Of the scheme's history, the entries that concern one person, oldest first: their joining (with their
 * group policy and cover) and leaving, and while they were on the scheme its changes (name, status) and
 * the group payments that paid their policy (the run pays every main member on the scheme at the time).
 * `changes` in words for the events whose own changes say nothing readable.
 */
export function schemeMemberEntries(
  entries: readonly AuditEntry[],
  memberId: string,
): { entry: AuditEntry; changes: ReadableChange[] | null }[] {
  const out: { entry: AuditEntry; changes: ReadableChange[] | null }[] = [];
  let onScheme = false;
  for (const entry of entries) {
    const d = entry.data;
    const theirs = d.memberId === memberId;
    switch (entry.eventType) {
      case 'SchemeMemberAdded':
        if (!theirs) break;
        onScheme = true;
        out.push({
          entry,
          changes: [
            change('Group policy', d.policyNumber),
            change('Cover amount', d.coverAmount),
            ...(d.isMainMember ? [] : [change('Relationship', d.relationship)]),
          ].filter((c) => c.after !== null),
        });
        break;
      case 'SchemeMemberRemoved':
        if (!theirs) break;
        onScheme = false;
        out.push({ entry, changes: [] });
        break;
      case 'GroupSchemeUpdated':
        if (onScheme) out.push({ entry, changes: null });
        break;
      case 'GroupPaymentRecorded':
        if (onScheme)
          out.push({
            entry,
            changes: [
              change('Amount per member', d.amountPerMember),
              change('Payment date', d.paymentDate),
              change('Reference', d.reference),
            ].filter((c) => c.after !== null),
          });
        break;
    }
  }
  return out;
}

function change(label: string, value: unknown): ReadableChange {
  return { label, before: null, after: typeof value === 'string' && value !== '' ? value : null };
}
