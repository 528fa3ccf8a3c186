import { formatDate, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Cell, DataTable } from '../../ui/DataTable';
import { STATUS_LABELS, STATUS_TONES } from '../policies/policyStatus';
import type { Sale } from './newSales.operations';
import * as styles from './newSales.css';

export const SALES_COLUMNS = ['Policy Number', 'Client', 'Phone', 'Policy Type', 'Coverage', 'Premium', 'Agent', 'Status', 'Date'] as const;

export function SalesTable({ sales }: { sales: readonly Sale[] }) {
  return (
    <DataTable caption="Agent sales" columns={SALES_COLUMNS}>
      {sales.map((sale) => (
        <tr key={sale.policyId}>
          <Cell label="Policy Number" lead className={styles.nowrap}>
            <span className={styles.strong}>{sale.policyNumber}</span>
          </Cell>
          <Cell label="Client">{sale.clientName}</Cell>
          <Cell label="Phone" className={styles.nowrap}>
            {sale.phone || <span className={styles.muted}>—</span>}
          </Cell>
          <Cell label="Policy Type">{sale.policyTypeName}</Cell>
          <Cell label="Coverage" className={styles.number}>
            {formatRand(sale.coverageAmount)}
          </Cell>
          <Cell label="Premium" className={styles.number}>
            {formatRand(sale.monthlyPremium)}
          </Cell>
          <Cell label="Agent">{sale.agentName}</Cell>
          <Cell label="Status">
            <Badge tone={STATUS_TONES[sale.status]}>{STATUS_LABELS[sale.status]}</Badge>
          </Cell>
          <Cell label="Date" className={styles.number}>
            {formatDate(sale.createdAt)}
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
