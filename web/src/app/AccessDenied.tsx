import { Card } from '../ui/Card';
import * as styles from './pages.css';

/** Shown inside the shell when the signed-in role may not open the page. */
export function AccessDenied({ text }: { text: string }) {
  return (
    <Card as="div" className={styles.message}>
      <h1 className={styles.messageTitle}>Access Denied</h1>
      <p className={styles.muted}>{text}</p>
    </Card>
  );
}
