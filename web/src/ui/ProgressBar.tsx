import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';
import * as styles from './ProgressBar.css';
import { visuallyHidden } from './visuallyHidden.css';

export type ProgressBarProps = {
  label: string;
  /** 0–100; values outside are clamped for the bar, the caller shows the exact figure as text. */
  value: number;
  className?: string;
};

export function ProgressBar({ label, value, className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <AriaProgressBar value={clamped} className={className ?? styles.root}>
      {({ percentage }) => (
        <>
          <Label className={visuallyHidden}>{label}</Label>
          <div className={styles.track}>
            <div className={styles.fill} style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
