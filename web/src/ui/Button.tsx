import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import * as styles from './Button.css';
import { cx } from './cx';

export type ButtonVariant = keyof typeof styles.variant;

export type ButtonProps = AriaButtonProps & {
  variant?: ButtonVariant;
  size?: keyof typeof styles.size;
  fullWidth?: boolean;
};

export function Button({ variant = 'primary', size = 'md', fullWidth, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (own) =>
        cx(styles.base, styles.variant[variant], variant !== 'link' && styles.size[size], fullWidth && styles.fullWidth, own),
      )}
    />
  );
}
