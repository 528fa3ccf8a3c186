/*
 * The platform's compliance log (spec part 2 §2, issue #25): the entries are read-model facts built from
 * events; the super admin's resolution of one is an event of its own, on one platform stream, with a note.
 * entryId is the entry's id as the log answers it (stored or computed).
 */

export type ComplianceEntryResolved = {
  type: 'ComplianceEntryResolved';
  data: { entryId: string; note: string; resolvedAt: string };
};

export type ComplianceResolutionEvent = ComplianceEntryResolved;

export const COMPLIANCE_RESOLUTIONS_STREAM = 'compliance-resolutions';
