import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import * as styles from './Dialog.css';
import { Icon } from './Icon';

export type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** 'left' slides in from the left edge: the mobile navigation drawer. */
  placement?: 'center' | 'left';
  isDismissable?: boolean;
  /** 'wide' (46rem) for forms with two columns of fields; the default box is 32rem. */
  size?: 'default' | 'wide';
  children: ReactNode;
};

/** The overlay and the modal box; put a Dialog (or any element with role dialog) inside. */
export function Modal({ isOpen, onOpenChange, placement = 'center', isDismissable = true, size = 'default', children }: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={`${styles.overlay} ${styles.overlayPlacement[placement]}`}
    >
      <AriaModal className={size === 'wide' && placement === 'center' ? `${styles.modal.center} ${styles.wide}` : styles.modal[placement]}>
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

export type DialogProps = {
  title: string;
  /** What the header shows, when the title needs inline marks (a number kept on one line); the same words as title. */
  heading?: ReactNode;
  /** When false the title is still the dialog's accessible name but is not shown. */
  showHeader?: boolean;
  children: ReactNode;
};

/** A titled dialog with a close button; closing goes through the surrounding Modal's onOpenChange. */
export function Dialog({ title, heading = title, showHeader = true, children }: DialogProps) {
  return (
    <AriaDialog className={styles.dialog} aria-label={showHeader ? undefined : title}>
      {({ close }) =>
        showHeader ? (
          <>
            <div className={styles.header}>
              <Heading slot="title" className={styles.title}>
                {heading}
              </Heading>
              <Button variant="ghost" size="icon" aria-label="Close" onPress={close}>
                <Icon name="close" />
              </Button>
            </div>
            <div className={styles.body}>{children}</div>
          </>
        ) : (
          children
        )
      }
    </AriaDialog>
  );
}
