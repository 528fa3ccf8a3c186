import type { ReactNode } from 'react';
import * as styles from './Card.css';
import { cx } from './cx';

export type CardProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** The heading level of the title, so each page keeps a correct outline. */
  headingLevel?: 2 | 3;
  as?: 'section' | 'div' | 'article';
  className?: string;
  children?: ReactNode;
};

export function Card({ title, description, headingLevel = 2, as: Element = 'section', className, children }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Element className={cx(styles.card, className)}>
      {(title || description) && (
        <header className={styles.header}>
          {title && <Heading className={styles.title}>{title}</Heading>}
          {description && <p className={styles.description}>{description}</p>}
        </header>
      )}
      {children}
    </Element>
  );
}
