import { PagePlaceholder } from '../../app/PagePlaceholder';

/** Replaced by the Audit page (issue 10 web): timelines, the time slider, verification, compliance reports, POPIA. */
export function AuditPage() {
  return (
    <PagePlaceholder
      title="Audit"
      summary="Replay a record's history, see it as it stood at any moment, verify the event chains, compliance reports and POPIA requests."
    />
  );
}
