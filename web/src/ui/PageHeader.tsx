import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import * as styles from './PageHeader.css';

export type PageHeaderProps = { title: string; description?: string; actions?: ReactNode };

/** A page's h1, its one-line purpose and its main actions (which wrap under it on a phone). */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

export type EmptyStateProps = { icon: IconName; title: string; text?: string; action?: ReactNode };

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <Icon name={icon} size={36} className={styles.emptyIcon} />
      <h2 className={styles.emptyTitle}>{title}</h2>
      {text && <p className={styles.emptyText}>{text}</p>}
      {action}
    </div>
  );
}
