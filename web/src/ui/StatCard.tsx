import type { ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import * as styles from './StatCard.css';

export type StatTone = keyof typeof styles.tone;

export type StatCardProps = {
  label: string;
  value: string;
  icon: IconName;
  tone?: StatTone;
  /** A second, smaller line under the value (e.g. 'Rate: 7,5%'). */
  detail?: string;
};

/** One figure with its label; the label names the value for screen readers (a dl term/definition). */
export function StatCard({ label, value, icon, tone = 'primary', detail }: StatCardProps) {
  return (
    <div className={styles.card}>
      <dl className={styles.text}>
        <dt className={styles.label}>{label}</dt>
        <dd className={styles.value}>{value}</dd>
        {detail && <dd className={styles.detail}>{detail}</dd>}
      </dl>
      <span className={cx(styles.icon, styles.tone[tone])} aria-hidden="true">
        <Icon name={icon} />
      </span>
    </div>
  );
}

export function StatGrid({ label, columns = 4, children }: { label: string; columns?: 3 | 4 | 5; children: ReactNode }) {
  return (
    <section aria-label={label} className={cx(styles.grid, columns === 3 && styles.gridThree, columns === 5 && styles.gridFive)}>
      {children}
    </section>
  );
}
