import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatDateTime } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Cell, DataTable } from '../../ui/DataTable';
import { PageSpinner } from '../../ui/Spinner';
import { COMPLIANCE_CONTEXT, ComplianceLogsQuery } from './superAdmin.operations';
import { ResolveComplianceEntry } from './ResolveComplianceEntry';
import { complianceStatus, severityTone } from './superAdminDisplay';
import * as styles from './superAdmin.css';

const COLUMNS = ['Type', 'Severity', 'Title', 'Description', 'Status', 'Created'];

/** Compliance Logs (spec part 2 §2): what the events say needs attention, Open until resolved (by an event, or by the super admin with a note). */
export function ComplianceLogsTab() {
  const [result] = useQuery({ query: ComplianceLogsQuery, context: COMPLIANCE_CONTEXT, requestPolicy: 'cache-and-network' });
  if (result.fetching && !result.data) return <PageSpinner label="Loading compliance logs" />;
  if (result.error && !result.data)
    return (
      <p className={styles.hint} role="alert">
        {errorMessage(result.error)}
      </p>
    );
  const logs = result.data?.complianceLogs ?? [];
  if (logs.length === 0) return <p className={styles.hint}>No compliance logs yet.</p>;
  return (
    <DataTable caption="Compliance logs" columns={COLUMNS}>
      {logs.map((log) => (
        <tr key={log.id}>
          <Cell label="Type" lead>
            {log.type}
          </Cell>
          <Cell label="Severity">
            <Badge tone={severityTone(log.severity)}>{log.severity.toUpperCase()}</Badge>
          </Cell>
          <Cell label="Title">
            {log.title}
            {log.companyName && <span className={styles.secondary}>{log.companyName}</span>}
          </Cell>
          <Cell label="Description" className={styles.description}>
            {log.description}
          </Cell>
          <Cell label="Status">
            <span className={styles.statusCell}>
              {complianceStatus(log.resolvedAt)}
              {log.resolutionNote && (
                <span className={styles.secondary}>
                  {log.resolvedBy}, {formatDateTime(log.resolvedAt)}: “{log.resolutionNote}”
                </span>
              )}
              {!log.resolvedAt && <ResolveComplianceEntry entry={log} />}
            </span>
          </Cell>
          <Cell label="Created" className={styles.nowrap}>
            {formatDate(log.createdAt)}
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
