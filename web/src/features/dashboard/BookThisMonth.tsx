import { useQuery } from 'urql';
import { formatPercent } from '../../app/format';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { Link } from '../../ui/Link';
import { monthLabel } from '../reports/reportFormat';
import { BOOK_SUMMARY_CONTEXT, BookSummaryQuery } from './dashboard.operations';
import { bookFigures } from './stats';
import * as styles from './dashboard.css';

/**
 * The dashboard's book this month (issue #20), for roles that read payments (the server checks the
 * same permission): collection rate, policies in grace (to /arrears), lapses, and the lapse ratio of
 * the last six months as the compliance report counts it.
 */
export function BookThisMonth() {
  const [result] = useQuery({ query: BookSummaryQuery, context: BOOK_SUMMARY_CONTEXT });
  const book = result.data?.bookSummary;
  const figures = bookFigures(book);
  const trend = book?.lapseRatio ?? [];
  const highest = Math.max(0.0001, ...trend.map((m) => m.ratio));
  return (
    <section className={styles.book} aria-labelledby="book-this-month">
      <div className={styles.bookHeader}>
        <h2 id="book-this-month" className={styles.bookTitle}>
          The book this month{book ? ` (${monthLabel(book.month)})` : ''}
        </h2>
        <Link href="/arrears">Open the arrears worklist</Link>
      </div>
      <StatGrid label="The book this month">
        <StatCard label="Collection Rate" value={figures.collectionRate} detail={figures.collected} icon="card" tone="success" />
        <StatCard label="Policies in Grace" value={figures.inGrace} detail={figures.inGraceArrears} icon="alert" tone="warning" />
        <StatCard label="Lapses This Month" value={figures.lapses} icon="file" tone="neutral" />
        <StatCard
          label="Lapse Ratio"
          value={figures.lapseRatio}
          detail="Lapses ÷ policies in force at the month's start"
          icon="trendingUp"
          tone="neutral"
        />
      </StatGrid>
      {trend.length > 0 && (
        <figure className={styles.trend} aria-labelledby="book-lapse-trend">
          <figcaption id="book-lapse-trend" className={styles.trendCaption}>
            Lapse ratio, {trend.length === 1 ? 'this month' : `last ${trend.length} months`}
          </figcaption>
          <ol className={styles.trendBars}>
            {trend.map((m) => (
              <li key={m.month} className={styles.trendBar}>
                <span className={styles.trendBarTrack} aria-hidden="true">
                  <span className={styles.trendBarFill} style={{ height: `${Math.max(2, (m.ratio / highest) * 100)}%` }} />
                </span>
                <span className={styles.trendValue}>{formatPercent(m.ratio * 100)}</span>
                <span className={styles.trendMonth}>
                  {monthLabel(m.month)}
                  <span className={styles.trendCount}>
                    {m.lapsed} of {m.activeAtStart}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </section>
  );
}
