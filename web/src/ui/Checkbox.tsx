import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import * as styles from './Checkbox.css';
import { Icon } from './Icon';

export type CheckboxProps = Omit<AriaCheckboxProps, 'children' | 'className'> & { children: ReactNode };

export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={styles.root}>
      {({ isSelected }) => (
        <>
          <span className={styles.box}>{isSelected && <Icon name="check" size={14} />}</span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
