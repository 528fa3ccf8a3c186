import { suspensionSchema } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { COMPANY_CHANGE_CONTEXT, SuspendCompanyMutation, type PlatformCompany } from './superAdmin.operations';
import * as styles from './superAdmin.css';

/** Suspend a company: the reason is required; its users are signed out and cannot sign in until it is activated. */
export function SuspendPanel({ company, onClose }: { company: PlatformCompany; onClose: () => void }) {
  const { toast } = useToast();
  const [initial] = useState({ reason: '' });
  const form = useSchemaForm(suspensionSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching }, suspend] = useMutation(SuspendCompanyMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (fetching) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await suspend({ companyId: company.id, reason: input.reason }, COMPANY_CHANGE_CONTEXT);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Company suspended successfully' });
    onClose();
  };

  return (
    <Card
      className={styles.panel}
      title={`Suspend ${company.name}`}
      description="Its users are signed out at once and cannot sign in until the company is activated again. Its data is kept."
    >
      <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Suspend ${company.name}`}>
        <TextField label="Reason for suspension" isRequired multiline rows={3} autoFocus {...form.field('reason')} />
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClose} isDisabled={fetching}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isDisabled={fetching}>
            {fetching ? 'Suspending...' : 'Suspend Company'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
