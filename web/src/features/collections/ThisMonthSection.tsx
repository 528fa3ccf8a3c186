import { formatPercent } from '../../app/format';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { monthLabel } from '../reports/reportFormat';
import type { CollectionMonth, CollectionsOverview } from './collections.operations';
import * as styles from './collections.css';

const rate = (value: number | null | undefined) => (value == null ? '—' : formatPercent(value));

/** The collection rate per month as bars (no chart library: the dashboard's trend does the same). */
function MonthsChart({ months }: { months: readonly CollectionMonth[] }) {
  return (
    <figure className={styles.chart} aria-labelledby="collections-months">
      <figcaption id="collections-months" className={styles.chartCaption}>
        Collection rate, {months.length === 1 ? 'this month' : `last ${months.length} months`}
      </figcaption>
      <ol className={styles.chartBars}>
        {months.map((m) => (
          <li key={m.month} className={styles.chartBar} aria-label={`${monthLabel(m.month)}: ${rate(m.collectionRate)} collected`}>
            <span className={styles.chartTrack} aria-hidden="true">
              <span className={styles.chartFill} style={{ height: `${Math.max(2, m.collectionRate ?? 0)}%` }} />
            </span>
            <span className={styles.chartValue}>{rate(m.collectionRate)}</span>
            <span className={styles.chartMonth}>
              {monthLabel(m.month)}
              <span>
                {m.collected} of {m.presented}
              </span>
              {m.unpaid > 0 && <span>{m.unpaid} unpaid</span>}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** This month's collection, unpaid and dispute rates beside the industry's usual bounds, and the months before. */
export function ThisMonthSection({ overview }: { overview: CollectionsOverview }) {
  const month = overview.thisMonth;
  return (
    <section className={styles.section} aria-labelledby="collections-this-month">
      <div className={styles.sectionHeader}>
        <h2 id="collections-this-month" className={styles.sectionTitle}>
          This month{month ? ` (${monthLabel(month.month)})` : ''}
        </h2>
        <p className={styles.sectionNote}>As of {overview.asOf}; rates count the debits the bank has answered.</p>
      </div>
      <StatGrid label="This month's collections">
        <StatCard
          label="Collection Rate"
          value={rate(month?.collectionRate)}
          detail={month ? `${month.collected} of ${month.presented} debits collected` : 'No debits presented yet'}
          icon="card"
          tone="success"
        />
        <StatCard
          label="Unpaid Rate"
          value={rate(month?.unpaidRate)}
          detail={`${month?.unpaid ?? 0} unpaid; the industry keeps it under 10 %`}
          icon="alert"
          tone="warning"
        />
        <StatCard
          label="Disputes"
          value={rate(month?.disputeRate)}
          detail={`${month?.disputes ?? 0} disputed (codes 30–36); keep under 0.5 %`}
          icon="shield"
          tone="danger"
        />
        <StatCard
          label="Debits Presented"
          value={String(month?.presented ?? 0)}
          detail="Debits dated this month, in batches"
          icon="file"
          tone="neutral"
        />
      </StatGrid>
      {overview.months.length > 0 && <MonthsChart months={overview.months} />}
    </section>
  );
}
