import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Card } from '../../ui/Card';
import { Cell, DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { StatCard, StatGrid } from '../../ui/StatCard';
import type { IconName } from '../../ui/Icon';
import { formatCard, formatCell } from './reportFormat';
import { PREVIEW_ROWS, REPORTS_CONTEXT, ReportQuery, type Report, type ReportType } from './reports.operations';
import * as styles from './reports.css';

export type ReportPreviewProps = { type: ReportType; label: string; status: string | null };

/** The report's stat cards and its first 10 rows (spec part 2 §2, §9). */
export function ReportPreview({ type, label, status }: ReportPreviewProps) {
  const [result] = useQuery({ query: ReportQuery, variables: { type, status, first: PREVIEW_ROWS }, context: REPORTS_CONTEXT });
  const report = result.data?.report;
  if (!report) {
    if (result.error) return <EmptyState icon="alert" title="The report could not be loaded" text={errorMessage(result.error)} />;
    return <PageSpinner label="Loading report" />;
  }
  return (
    <>
      <StatGrid label={`${label} figures`} columns={report.cards.length === 5 ? 5 : 4}>
        {report.cards.map((card, i) => (
          <StatCard
            key={card.key}
            label={card.label}
            value={formatCard(card.kind, card.value)}
            icon={card.kind === 'money' ? 'card' : ICONS[type]}
            tone={i === 0 ? 'primary' : card.kind === 'money' ? 'success' : 'neutral'}
          />
        ))}
      </StatGrid>
      <Card as="section">
        <div className={styles.previewHeader}>
          <h2 className={styles.previewTitle}>Preview</h2>
          <p className={styles.summary} aria-live="polite">
            {report.totalCount === 0
              ? 'No rows'
              : `Showing the first ${Math.min(PREVIEW_ROWS, report.rows.length)} of ${report.totalCount} ${report.totalCount === 1 ? 'row' : 'rows'}`}
          </p>
        </div>
        {report.totalCount === 0 ? (
          <EmptyState icon="file" title="No data for this report" text="Choose another report type or status." />
        ) : (
          <PreviewTable report={report} label={label} />
        )}
      </Card>
    </>
  );
}

const ICONS: Record<ReportType, IconName> = {
  members: 'users',
  policies: 'shield',
  claims: 'clipboard',
  payments: 'card',
  agents: 'briefcase',
};

function PreviewTable({ report, label }: { report: Report; label: string }) {
  const headings = report.columns.map((c) => c.label);
  return (
    <DataTable caption={`${label} report, first ${PREVIEW_ROWS} rows`} columns={headings}>
      {report.rows.slice(0, PREVIEW_ROWS).map((row, r) => (
        <tr key={r}>
          {report.columns.map((column, c) => (
            <Cell
              key={column.key}
              label={column.label}
              lead={c === 0}
              className={column.kind === 'money' || column.kind === 'number' ? styles.number : undefined}
            >
              {formatCell(column.kind, row.cells[c] ?? null)}
            </Cell>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
