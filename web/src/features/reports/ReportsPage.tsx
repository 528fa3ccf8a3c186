import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { downloadCsv, reportCsv, reportFileName } from './exportCsv';
import { ReportChartsSection } from './ReportCharts';
import { ReportPreview } from './ReportPreview';
import { REPORTS_CONTEXT, ReportQuery, ReportTypesQuery, type ReportType } from './reports.operations';
import * as styles from './reports.css';

const ALL = 'all';
export const NO_DATA_TO_EXPORT = 'No data to export';

/** /reports: choose a report and a status, read its cards and first rows, export it as CSV, see the charts. */
export function ReportsPage() {
  const [types] = useQuery({ query: ReportTypesQuery });
  const available = types.data?.availableReportTypes ?? [];
  const [chosen, setChosen] = useState<ReportType | null>(null);
  const [status, setStatus] = useState(ALL);
  const current = available.find((t) => t.type === chosen) ?? available[0];
  const filter = status === ALL ? null : status;
  const client = useClient();
  const { toast } = useToast();
  const [exporting, setExporting] = useState(false);

  async function exportReport() {
    if (!current) return;
    setExporting(true);
    const result = await client
      .query(ReportQuery, { type: current.type, status: filter, first: null }, { requestPolicy: 'network-only', ...REPORTS_CONTEXT })
      .toPromise();
    setExporting(false);
    if (!result.data) {
      toast({ title: 'Error', description: result.error ? errorMessage(result.error) : 'Export failed', variant: 'destructive' });
      return;
    }
    const report = result.data.report;
    // Spec part 2 §8: a browser alert, not a toast.
    if (report.rows.length === 0) window.alert(NO_DATA_TO_EXPORT);
    else downloadCsv(reportFileName(report.type), reportCsv(report));
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Reports"
        description="Figures for members, policies, claims and payments: choose a report, filter by status and export it as CSV."
        actions={
          <Button onPress={() => void exportReport()} isDisabled={!current || exporting}>
            <Icon name="download" size={18} />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      {!current ? (
        types.error ? (
          <EmptyState icon="alert" title="Reports could not be loaded" text={errorMessage(types.error)} />
        ) : (
          <PageSpinner label="Loading reports" />
        )
      ) : (
        <>
          <div className={styles.toolbar}>
            <Select
              label="Report type"
              options={available.map((t) => ({ id: t.type, label: t.label }))}
              value={current.type}
              onChange={(value) => {
                setChosen(value as ReportType | null);
                setStatus(ALL);
              }}
            />
            <Select
              label="Status"
              options={[{ id: ALL, label: 'All statuses' }, ...current.statuses.map((s) => ({ id: s.value, label: s.label }))]}
              value={status}
              onChange={(value) => setStatus(value ?? ALL)}
            />
          </div>
          <ReportPreview type={current.type} label={current.label} status={filter} />
        </>
      )}
      <ReportChartsSection />
    </div>
  );
}
