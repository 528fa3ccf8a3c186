import { Button } from './Button';
import { Icon } from './Icon';
import * as styles from './Toast.css';
import { cx } from './cx';

export type ToastVariant = 'default' | 'destructive';

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
};

export type ToastRegionProps = {
  /** The one toast on screen (the product shows one at a time), or null. */
  toast: ToastMessage | null;
  onDismiss: () => void;
};

/**
 * The live regions stay mounted even when empty: screen readers only announce changes inside a
 * region that already existed. Errors use the assertive (alert) region, the rest the polite one.
 */
export function ToastRegion({ toast, onDismiss }: ToastRegionProps) {
  const card = toast && (
    <div key={toast.id} className={cx(styles.toast, styles.variant[toast.variant])} data-variant={toast.variant}>
      <div className={styles.content}>
        <p className={styles.title}>{toast.title}</p>
        {toast.description && <p className={styles.description}>{toast.description}</p>}
      </div>
      <Button variant="ghost" size="icon" className={styles.close} aria-label="Dismiss notification" onPress={onDismiss}>
        <Icon name="close" size={16} />
      </Button>
    </div>
  );
  return (
    // top-layer: a modal dialog hides the rest of the page from assistive technology, but a toast
    // raised from inside the dialog (a failed save, an upload result) must still be announced.
    <section className={styles.region} aria-label="Notifications" data-react-aria-top-layer="true">
      <div role="status" aria-live="polite">
        {toast?.variant === 'default' && card}
      </div>
      <div role="alert" aria-live="assertive">
        {toast?.variant === 'destructive' && card}
      </div>
    </section>
  );
}
