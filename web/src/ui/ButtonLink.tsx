import type { AnchorHTMLAttributes } from 'react';
import { Link as AriaLink, composeRenderProps, type LinkProps as AriaLinkProps } from 'react-aria-components';
import * as styles from './Button.css';
import { cx } from './cx';

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  variant?: keyof typeof styles.variant;
  size?: keyof typeof styles.size;
};

/**
 * A plain anchor that looks like a Button: for files the server serves (View in a new tab,
 * Download), which must load outside the SPA router and keep the browser's own link behaviour.
 */
export function ButtonLink({ variant = 'secondary', size = 'sm', className, ...props }: ButtonLinkProps) {
  return <a {...props} className={cx(styles.base, styles.variant[variant], variant !== 'link' && styles.size[size], className)} />;
}

export type RouteButtonLinkProps = AriaLinkProps & {
  href: string;
  variant?: keyof typeof styles.variant;
  size?: keyof typeof styles.size;
};

/** A link to another page of the app (through the SPA router) that looks like a Button. */
export function RouteButtonLink({ variant = 'secondary', size = 'sm', className, ...props }: RouteButtonLinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (own) =>
        cx(styles.base, styles.variant[variant], variant !== 'link' && styles.size[size], own),
      )}
    />
  );
}
