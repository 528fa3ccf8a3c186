import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { visuallyHidden } from '../../ui/visuallyHidden.css';
import * as styles from './reports.css';

export type ChartFigureProps = {
  title: string;
  note: string;
  /** The figures the chart draws, as a table for screen readers (and anyone who wants the numbers). */
  table: { headers: readonly string[]; rows: readonly (readonly string[])[] };
  /** Across the whole grid (the first, most read chart). */
  wide?: boolean;
  children: ReactNode;
};

/**
 * One chart with its caption; the drawing is decorative beside the table of the same figures. Being
 * hidden from assistive technology, it must hold nothing focusable: the charts are drawn without
 * recharts' keyboard layer (accessibilityLayer={false}), which would make the drawing a tab stop.
 */
export function ChartFigure({ title, note, table, wide, children }: ChartFigureProps) {
  return (
    <figure className={cx(styles.chart, wide && styles.wideChart)} aria-label={title}>
      <figcaption className={styles.chartCaption}>
        <span className={styles.chartTitle}>{title}</span>
        <span className={styles.chartNote}>{note}</span>
      </figcaption>
      <div className={styles.chartArea} aria-hidden="true">
        {children}
      </div>
      <table className={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
