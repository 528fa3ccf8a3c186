import { formatDate, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Cell, DataTable } from '../../ui/DataTable';
import type { ArrearsItem } from './arrears.operations';
import { CHANNEL_LABELS, graceLeftText, STATE_LABELS, STATE_TONES } from './arrearsLabels';
import { StatementButton } from './StatementDialog';
import { DebitOrderButton } from '../collections/MandateDialog';
import * as styles from './arrears.css';

export const ARREARS_COLUMNS = ['Policy Number', 'Member', 'State', 'Arrears', 'Grace', 'Last Notice', 'Actions'] as const;

function ArrearsRow({ item }: { item: ArrearsItem }) {
  return (
    <tr>
      <Cell label="Policy Number" lead className={styles.nowrap}>
        <span className={styles.strong}>{item.policyNumber}</span>
      </Cell>
      <Cell label="Member">
        <span>
          {item.memberName || '—'}
          {item.memberPhone && <span className={styles.secondary}>{item.memberPhone}</span>}
        </span>
      </Cell>
      <Cell label="State">
        <span>
          <Badge tone={STATE_TONES[item.state]}>{STATE_LABELS[item.state]}</Badge>
        </span>
      </Cell>
      <Cell label="Arrears" className={styles.number}>
        <span>
          {formatRand(item.arrears)}
          <span className={styles.secondary}>
            {item.monthsInArrears} {item.monthsInArrears === 1 ? 'month' : 'months'} × {formatRand(item.monthlyPremium)}
          </span>
          {item.oldestUnpaidDueDate && <span className={styles.secondary}>unpaid since {formatDate(item.oldestUnpaidDueDate)}</span>}
        </span>
      </Cell>
      <Cell label="Grace" className={styles.number}>
        {item.lapsedOn ? (
          <span>
            Lapsed {formatDate(item.lapsedOn)}
            <span className={styles.secondary}>{item.lapseReason === 'staff' ? 'by staff' : 'non-payment'}</span>
          </span>
        ) : item.graceEndsOn ? (
          <span>
            {graceLeftText(item.graceDaysLeft)}
            <span className={styles.secondary}>ends {formatDate(item.graceEndsOn)}</span>
          </span>
        ) : (
          '—'
        )}
      </Cell>
      <Cell label="Last Notice" className={styles.number}>
        {item.lastNoticeOn ? (
          <span>
            {formatDate(item.lastNoticeOn)}
            {item.lastNoticeChannel && <span className={styles.secondary}>{CHANNEL_LABELS[item.lastNoticeChannel]}</span>}
          </span>
        ) : (
          'Not yet'
        )}
      </Cell>
      <Cell label="Actions">
        <span className={styles.rowActions}>
          <StatementButton policyId={item.policyId} policyNumber={item.policyNumber} />
          <DebitOrderButton policyId={item.policyId} policyNumber={item.policyNumber} />
        </span>
      </Cell>
    </tr>
  );
}

export function ArrearsTable({ items }: { items: readonly ArrearsItem[] }) {
  return (
    <DataTable caption="Policies in arrears" columns={ARREARS_COLUMNS}>
      {items.map((item) => (
        <ArrearsRow key={item.policyId} item={item} />
      ))}
    </DataTable>
  );
}
