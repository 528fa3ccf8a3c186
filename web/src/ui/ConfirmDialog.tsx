import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading } from 'react-aria-components';
import { Button } from './Button';
import * as styles from './ConfirmDialog.css';
import { Modal } from './Dialog';

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** An alert dialog asking before an action that cannot (easily) be taken back. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && !isPending && onCancel()} isDismissable={!isPending}>
      <AriaDialog role="alertdialog" className={styles.dialog}>
        <Heading slot="title" className={styles.title}>
          {title}
        </Heading>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onPress={onConfirm} isDisabled={isPending}>
            {isPending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </AriaDialog>
    </Modal>
  );
}
