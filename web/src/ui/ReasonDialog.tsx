import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { TextField } from './TextField';

export type ReasonDialogProps = {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  label: string;
  /** Fewer characters (trimmed) are refused here with tooShort, before anything is sent; the server checks the same. */
  minLength: number;
  tooShort: string;
  isPending: boolean;
  tone?: 'primary' | 'danger';
  children?: ReactNode;
  /** Sends the trimmed reason; answers the server's refusal to show under the field, or nothing when done. */
  onConfirm: (reason: string) => Promise<string | undefined>;
  onCancel: () => void;
};

/** A confirmation that asks for a written reason (a dispute, a resolution note): empty each time it opens. */
export function ReasonDialog({ isOpen, label, minLength, tooShort, onConfirm, children, ...dialog }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!isOpen) return;
    setReason('');
    setError(undefined);
  }, [isOpen]);

  const confirm = async () => {
    const text = reason.trim();
    if (text.length < minLength) return setError(tooShort);
    setError(await onConfirm(text));
  };

  return (
    <ConfirmDialog isOpen={isOpen} pendingLabel="Saving..." onConfirm={() => void confirm()} {...dialog}>
      {children}
      <TextField
        label={label}
        isRequired
        multiline
        rows={3}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        errorMessage={error}
      />
    </ConfirmDialog>
  );
}
