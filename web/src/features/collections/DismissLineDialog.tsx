import { dismissStatementLineSchema, fieldErrors } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid } from '../../app/forms';
import { formatRand } from '../../app/format';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { LineSummary } from './AssignLineDialog';
import { DismissStatementLineMutation, STATEMENT_CONTEXT, type UnmatchedLine } from './statement.operations';
import * as styles from './collections.css';

/** Not a premium: the credit leaves the queue with the reason (a refund, a top-up), kept as an event. */
export function DismissLineForm({ line, onDone, onCancel }: { line: UnmatchedLine; onDone: () => void; onCancel: () => void }) {
  const { toast } = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, dismiss] = useMutation(DismissStatementLineMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = dismissStatementLineSchema.safeParse({ line: line.line, reason });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).reason);
      return focusFirstInvalid(formRef.current);
    }
    if (saving) return;
    const result = await dismiss({ id: line.statementId, input: parsed.data }, STATEMENT_CONTEXT);
    if (result.error) {
      setError(errorFieldIssues(result.error).reason ?? serverMessageOr(result.error, 'The credit could not be set aside'));
      return;
    }
    toast({ title: 'Marked not a premium', description: `${formatRand(line.amount)}: ${parsed.data.reason}` });
    onDone();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Not a premium">
      <LineSummary line={line} />
      <TextField
        label="Reason"
        isRequired
        multiline
        placeholder="e.g. Supplier refund, owner's top-up"
        value={reason}
        onChange={(v) => {
          setReason(v);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <div className={styles.formActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Not a Premium'}
        </Button>
      </div>
    </form>
  );
}

export function DismissLineDialog({ line, onClose, onDone }: { line: UnmatchedLine; onClose: () => void; onDone: () => void }) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title={`Not a premium: ${formatRand(line.amount)}`}>
        <DismissLineForm line={line} onDone={onDone} onCancel={onClose} />
      </Dialog>
    </Modal>
  );
}
