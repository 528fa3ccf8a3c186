import { Link as AriaLink, composeRenderProps, type LinkProps as AriaLinkProps } from 'react-aria-components';
import * as styles from './Link.css';
import { cx } from './cx';

export type LinkProps = AriaLinkProps;

/** In-app hrefs go through react-router (RouterProvider in app/App.tsx); others load normally. */
export function Link({ className, ...props }: LinkProps) {
  return <AriaLink {...props} className={composeRenderProps(className, (own) => cx(styles.link, own))} />;
}

/** For plain anchors that must not go through the SPA router (e.g. a full URL from the server). */
export const linkStyle = styles.link;
