import type { ReactNode } from 'react';
import { Card } from '../ui/Card';
import * as styles from './pages.css';

export type PagePlaceholderProps = {
  /** The page's heading, as the finished page will have it. */
  title: string;
  /** What is not built yet, when it differs from the title (e.g. 'Agent Dashboard'). */
  name?: string;
  /** One sentence: what the page will hold once built. */
  summary: string;
  /** Anything already real on the page (e.g. the dashboard header) goes above the notice. */
  children?: ReactNode;
};

/**
 * The honest stand-in for a page whose feature is not built yet: it says so, and says what will be
 * here. It never shows sample figures, which a user could mistake for their company's data.
 */
export function PagePlaceholder({ title, name, summary, children }: PagePlaceholderProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{title}</h1>
      {children}
      <Card as="div" className={styles.notice}>
        <h2 className={styles.noticeTitle}>{name ?? title} — not built yet</h2>
        <p className={styles.muted}>{summary}</p>
      </Card>
    </div>
  );
}
