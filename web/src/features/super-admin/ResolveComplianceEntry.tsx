import { COMPLIANCE_NOTE_MESSAGE, COMPLIANCE_NOTE_MIN_LENGTH } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { COMPLIANCE_CONTEXT, ResolveComplianceEntryMutation } from './superAdmin.operations';

/** Resolve (issue #25): an open compliance-log entry is resolved with a note, shown with who and when. */
export function ResolveComplianceEntry({ entry }: { entry: { id: string; title: string } }) {
  const { toast } = useToast();
  const [{ fetching }, resolve] = useMutation(ResolveComplianceEntryMutation);
  const [open, setOpen] = useState(false);

  const send = async (note: string) => {
    const result = await resolve({ id: entry.id, note }, COMPLIANCE_CONTEXT);
    if (result.error) return errorMessage(result.error);
    setOpen(false);
    toast({ title: 'Entry resolved', description: `${entry.title}: resolved with your note.` });
    return undefined;
  };

  return (
    <>
      <Button variant="secondary" size="sm" aria-label={`Resolve: ${entry.title}`} onPress={() => setOpen(true)}>
        Resolve
      </Button>
      <ReasonDialog
        isOpen={open}
        title={`Resolve: ${entry.title}`}
        confirmLabel="Resolve"
        label="How was it resolved?"
        minLength={COMPLIANCE_NOTE_MIN_LENGTH}
        tooShort={COMPLIANCE_NOTE_MESSAGE}
        isPending={fetching}
        onConfirm={send}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
