import type { ReactElement, ReactNode } from 'react';
import { Menu as AriaMenu, MenuItem as AriaMenuItem, MenuTrigger, Popover, type Placement } from 'react-aria-components';
import * as styles from './Menu.css';

export type MenuAction = {
  id: string;
  label: ReactNode;
  textValue: string;
  /** A route: the item navigates (through RAC's RouterProvider, so the SPA router handles it). */
  href?: string;
  onAction?: () => void;
  isDisabled?: boolean;
};

export type MenuProps = {
  /** The trigger: a ui Button (any RAC pressable) that opens the menu. */
  trigger: ReactElement;
  'aria-label': string;
  items: readonly MenuAction[];
  placement?: Placement;
};

export function Menu({ trigger, items, placement = 'top start', ...aria }: MenuProps) {
  return (
    <MenuTrigger>
      {trigger}
      <Popover className={styles.popover} placement={placement}>
        <AriaMenu
          className={styles.menu}
          aria-label={aria['aria-label']}
          items={items}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
          // Menus close on action by default; a pending action (e.g. logout) still finishes.
          onAction={(key) => items.find((item) => item.id === key)?.onAction?.()}
        >
          {(item) => (
            <AriaMenuItem id={item.id} href={item.href} textValue={item.textValue} className={styles.item}>
              {item.label}
            </AriaMenuItem>
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
