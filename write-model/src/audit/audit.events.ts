/*
 * The audit trail's own events, on one stream per company (audit-<companyId>). Reading an audit
 * trail is recorded as an event, not in a plain table, so a view is as tamper-evident (hash chain)
 * and as replayable as any other fact, and it appears in the company history an auditor reads.
 */

/** What was looked at. */
export type AuditViewKind = 'history' | 'as_of' | 'company_history' | 'verify' | 'report' | 'data_subject_export';

/** Someone read an audit trail: who (metadata.actorUserId, with their role here), what, when (recorded time). */
export type AuditTrailViewed = {
  type: 'AuditTrailViewed';
  data: {
    /** Null for the super admin's platform-wide reads (on the platform's audit stream). */
    companyId: string | null;
    viewerRole: string | null;
    kind: AuditViewKind;
    entity: string | null;
    entityId: string | null;
    /** The filters or moment asked for (asOf, type, actor, date range, report name); never personal data. */
    query: Record<string, string>;
  };
};

/**
 * A data subject's personal data was exported (POPIA access request). `subjectReference` is the
 * ID or passport number masked to its last four characters: the request is traceable without the
 * audit trail holding the identifier itself.
 */
export type PersonalDataExported = {
  type: 'PersonalDataExported';
  data: { companyId: string; subjectReference: string; subjectIds: string[] };
};

/** Erasure done: the keys of these data subjects were destroyed in the same transaction. */
export type PersonalDataErased = {
  type: 'PersonalDataErased';
  data: { companyId: string; subjectReference: string; subjectIds: string[]; reason: string; eventsAffected: number };
};

/** Erasure asked for and refused because a legal hold applies; `holds` are the reasons given. */
export type PersonalDataErasureRefused = {
  type: 'PersonalDataErasureRefused';
  data: { companyId: string; subjectReference: string; reason: string; holds: string[] };
};

export type AuditEvent = AuditTrailViewed | PersonalDataExported | PersonalDataErased | PersonalDataErasureRefused;

export const auditStreamId = (companyId: string) => `audit-${companyId}`;
/** The super admin's reads that concern no one company (verifying every chain). */
export const PLATFORM_AUDIT_STREAM = 'audit-platform';

/** '8001015009087' → '*********9087': enough to tell requests apart, not enough to identify anyone. */
export function maskIdentifier(idNumber: string): string {
  const clean = idNumber.trim();
  const visible = Math.min(4, Math.max(0, clean.length - 4));
  return `${'*'.repeat(clean.length - visible)}${clean.slice(clean.length - visible)}`;
}
