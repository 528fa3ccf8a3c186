import { COMPLIANCE_NOTE_MESSAGE, COMPLIANCE_NOTE_MIN_LENGTH } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';
import { COMPLIANCE_CONTEXT, ResolveComplianceEntryMutation } from './superAdmin.operations';

/** Resolve (issue #25): an open compliance-log entry is resolved with a note, shown with who and when. */
export function ResolveComplianceEntry({ entry }: { entry: { id: string; title: string } }) {
  const { toast } = useToast();
  const [{ fetching }, resolve] = useMutation(ResolveComplianceEntryMutation);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const confirm = async () => {
    if (note.trim().length < COMPLIANCE_NOTE_MIN_LENGTH) return setError(COMPLIANCE_NOTE_MESSAGE);
    const result = await resolve({ id: entry.id, note: note.trim() }, COMPLIANCE_CONTEXT);
    if (result.error) return setError(errorMessage(result.error));
    setOpen(false);
    toast({ title: 'Entry resolved', description: `${entry.title}: resolved with your note.` });
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Resolve: ${entry.title}`}
        onPress={() => {
          setNote('');
          setError(undefined);
          setOpen(true);
        }}
      >
        Resolve
      </Button>
      <ConfirmDialog
        isOpen={open}
        title={`Resolve: ${entry.title}`}
        confirmLabel="Resolve"
        pendingLabel="Saving..."
        isPending={fetching}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <TextField
          label="How was it resolved?"
          isRequired
          multiline
          rows={3}
          value={note}
          onChange={(value) => {
            setNote(value);
            setError(undefined);
          }}
          errorMessage={error}
        />
      </ConfirmDialog>
    </>
  );
}
