import type { ReactNode } from 'react';
import { RouteButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { Icon, type IconName } from '../../ui/Icon';
import * as styles from './subscription.css';

export type ResultLayoutProps = {
  icon: IconName;
  tone: 'success' | 'danger' | 'muted';
  title: string;
  children: ReactNode;
  /** [label, route] pairs, the first one the main action. */
  actions: readonly (readonly [string, string])[];
};

/** The shape shared by the three pages the payment provider returns the browser to (spec part 2 §2). */
export function ResultLayout({ icon, tone, title, children, actions }: ResultLayoutProps) {
  const toneClass = tone === 'success' ? styles.resultSuccess : tone === 'danger' ? styles.resultDanger : styles.resultMuted;
  return (
    <Card as="div" className={styles.result}>
      <Icon name={icon} size={48} className={cx(styles.resultIcon, toneClass)} />
      <h1 className={styles.resultTitle}>{title}</h1>
      {children}
      <div className={styles.resultActions}>
        {actions.map(([label, href], index) => (
          <RouteButtonLink key={href} href={href} variant={index === 0 ? 'primary' : 'secondary'} size="md">
            {label}
          </RouteButtonLink>
        ))}
      </div>
    </Card>
  );
}
