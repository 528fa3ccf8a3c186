import type { ReactNode } from 'react';
import { CLAIM_REJECTION_REASON_LABELS } from '@fpa/write-model/validation';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatDateTime, formatPercent } from '../../app/format';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { monthLabel } from '../reports/reportFormat';
import { actorText } from './auditFormat';
import { ComplianceReportsQuery, type ComplianceReports } from './audit.operations';
import { AgeingChart, LapseChart, TurnaroundChart } from './ComplianceCharts';
import { ReportTable } from './ReportTable';
import * as styles from './audit.css';

const days = (value: number) => value.toFixed(1);

const reasonLabel = (reason: string) => (CLAIM_REJECTION_REASON_LABELS as Record<string, string>)[reason] ?? reason.replaceAll('_', ' ');

const KIND_LABELS: Record<ComplianceReports['personalDataRequests'][number]['kind'], string> = {
  export: 'Export',
  erasure: 'Erasure',
  erasure_refused: 'Erasure refused',
};

function Report({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card title={title} description={description} className={styles.report}>
      {children}
    </Card>
  );
}

function Reports({ reports }: { reports: ComplianceReports }) {
  return (
    <div className={styles.reports}>
      <Report title="Claims turnaround" description="Days from submission to payment, by month of payment.">
        {reports.claimsTurnaround.length > 0 && <TurnaroundChart data={reports.claimsTurnaround} />}
        <ReportTable
          caption="Claims turnaround"
          columns={['Month', 'Claims paid', 'Median days', '90th percentile days']}
          rows={reports.claimsTurnaround.map((m) => [monthLabel(m.month), String(m.claimsPaid), days(m.medianDays), days(m.p90Days)])}
          emptyText="No claims have been paid yet."
        />
      </Report>
      <Report
        title="Claim decisions"
        description="Claims approved or rejected, by month: decided after the 2-business-day deadline (Policyholder Protection Rule 2A.8), business hours from the last document verified to the decision, and why claims were rejected."
      >
        <ReportTable
          caption="Claim decisions"
          columns={[
            'Month',
            'Decided',
            'Decided late',
            'Median business hours',
            '90th percentile business hours',
            'Rejected',
            'Rejection reasons',
          ]}
          rows={reports.claimsDecisions.map((m) => [
            monthLabel(m.month),
            String(m.decided),
            String(m.decidedLate),
            m.medianBusinessHours === null ? '—' : days(m.medianBusinessHours),
            m.p90BusinessHours === null ? '—' : days(m.p90BusinessHours),
            String(m.rejected),
            m.rejectionReasons.map((r) => `${reasonLabel(r.reason)}: ${r.count}`).join('; ') || '—',
          ])}
          emptyText="No claims have been decided yet."
        />
      </Report>
      <Report title="Claims ageing" description="Open claims by the days they have been open, today.">
        {reports.claimsAgeing.some((b) => b.count > 0) && <AgeingChart data={reports.claimsAgeing} />}
        <ReportTable
          caption="Claims ageing"
          columns={['Days open', 'Open claims']}
          rows={reports.claimsAgeing.map((b) => [b.bucket, String(b.count)])}
          emptyText="No open claims."
        />
      </Report>
      <Report title="Lapse ratio" description="Policies that lapsed in the month over those active at its start.">
        {reports.lapseRatio.length > 0 && <LapseChart data={reports.lapseRatio} />}
        <ReportTable
          caption="Lapse ratio"
          columns={['Month', 'Active at start', 'Lapsed', 'Lapse ratio']}
          rows={reports.lapseRatio.map((m) => [
            monthLabel(m.month),
            String(m.activeAtStart),
            String(m.lapsed),
            formatPercent(m.ratio * 100),
          ])}
          emptyText="No policy months yet."
        />
      </Report>
      <Report title="Policies in waiting period" description="Policies whose waiting period has not ended, today.">
        <ReportTable
          caption="Policies in waiting period"
          columns={['Policy', 'Member', 'Start date', 'Waiting period ends', 'Days remaining']}
          rows={reports.policiesInWaitingPeriod.map((p) => [
            p.policyNumber,
            p.memberName,
            formatDate(p.startDate),
            formatDate(p.waitingPeriodEnds),
            String(p.daysRemaining),
          ])}
          emptyText="No policy is in its waiting period."
        />
      </Report>
      <Report title="Suspended companies" description="Companies the platform has suspended, and why.">
        <ReportTable
          caption="Suspended companies"
          columns={['Company', 'Suspended', 'Reason']}
          rows={reports.suspendedCompanies.map((c) => [c.name, formatDateTime(c.suspendedAt), c.reason ?? ''])}
          emptyText="No suspended companies."
        />
      </Report>
      <Report title="Permission changes" description="Every change to roles, grants and revocations, newest last.">
        <ReportTable
          caption="Permission changes"
          columns={['Time', 'Change', 'By', 'Detail']}
          rows={reports.permissionChanges.map((c) => [formatDateTime(c.occurredAt), c.title, actorText(c.actor), c.detail])}
          emptyText="No permission changes."
        />
      </Report>
      <Report title="Personal-data requests" description="Data-subject exports and erasures (POPIA), including refusals.">
        <ReportTable
          caption="Personal-data requests"
          columns={['Time', 'Request', 'Subject', 'By', 'Reason', 'Outcome']}
          rows={reports.personalDataRequests.map((r) => [
            formatDateTime(r.occurredAt),
            KIND_LABELS[r.kind],
            r.subjectReference,
            actorText(r.actor),
            r.reason ?? '',
            r.outcome,
          ])}
          emptyText="No personal-data requests."
        />
      </Report>
    </div>
  );
}

/** The compliance reports: each built by a projection (a rebuild from scratch equals the live figures). */
export function ComplianceReportsTab({ companyId }: { companyId: string | null }) {
  const [result] = useQuery({
    query: ComplianceReportsQuery,
    variables: { companyId, asOf: null, from: null, to: null },
    requestPolicy: 'network-only',
  });
  const reports = result.data?.complianceReports;
  if (reports) return <Reports reports={reports} />;
  if (result.error) return <EmptyState icon="alert" title="The compliance reports could not be read" text={errorMessage(result.error)} />;
  return <Spinner label="Loading the compliance reports" />;
}
