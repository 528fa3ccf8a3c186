import { Card } from '../ui/Card';
import { Icon } from '../ui/Icon';
import * as styles from './pages.css';

export function NotFoundPage() {
  return (
    <main className={styles.centered}>
      <Card as="div" className={styles.message}>
        <h1 className={styles.messageTitle}>
          <Icon name="alert" size={28} className={styles.warningIcon} />
          404 Page Not Found
        </h1>
        <p className={styles.muted}>Did you forget to add the page to the router?</p>
      </Card>
    </main>
  );
}
