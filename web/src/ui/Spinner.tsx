import { ProgressBar as AriaProgressBar } from 'react-aria-components';
import * as styles from './Spinner.css';

export type SpinnerProps = { label?: string; size?: number };

/** An indeterminate progress indicator, announced with its label. */
export function Spinner({ label = 'Loading', size = 20 }: SpinnerProps) {
  return (
    <AriaProgressBar isIndeterminate aria-label={label}>
      <span className={styles.spinner} style={{ width: size, height: size }} />
    </AriaProgressBar>
  );
}

/** A centred spinner for a whole page or panel that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size={32} />
    </div>
  );
}
