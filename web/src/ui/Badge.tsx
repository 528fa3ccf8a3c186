import type { ReactNode } from 'react';
import * as styles from './Badge.css';
import { cx } from './cx';

export type BadgeTone = keyof typeof styles.tone;

// Not a react-aria component: a badge is static text, so a span is the honest element.
export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={cx(styles.base, styles.tone[tone], className)}>{children}</span>;
}
