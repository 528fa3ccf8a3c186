import { groupSchemeUpdateSchema } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { RadioGroup } from '../../ui/RadioGroup';
import { TextField } from '../../ui/TextField';
import { SCHEMES_CONTEXT, UpdateGroupSchemeMutation, type GroupScheme } from './groupSchemes.operations';
import { SCHEME_STATUS_LABELS } from './SchemeCard';
import * as styles from './groupSchemes.css';

const STATUS_OPTIONS = (['active', 'inactive'] as const).map((id) => ({ id, label: SCHEME_STATUS_LABELS[id] }));

export type EditSchemeDialogProps = { scheme: GroupScheme; onClose: () => void };

/** Edit: the scheme's name, description and status (spec part 2 §3 Edit payload, §4). */
export function EditSchemeDialog({ scheme, onClose }: EditSchemeDialogProps) {
  const { toast } = useToast();
  const [initial] = useState(() => ({ name: scheme.name, description: scheme.description, status: scheme.status }));
  const form = useSchemaForm(groupSchemeUpdateSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, updateScheme] = useMutation(UpdateGroupSchemeMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const update = form.validate();
    if (!update) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await updateScheme(
      { id: scheme.id, input: { name: update.name, description: update.description, status: update.status } },
      SCHEMES_CONTEXT,
    );
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to update group scheme'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Group scheme updated', description: `${update.name} has been saved.` });
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !saving && onClose()} isDismissable={!saving}>
      <Dialog title="Edit Group Scheme">
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit group scheme">
          <TextField label="Scheme name" isRequired autoComplete="off" autoFocus {...form.field('name')} />
          <TextField label="Description" multiline rows={3} {...form.field('description')} />
          <RadioGroup
            label="Status"
            options={STATUS_OPTIONS}
            value={form.values.status}
            onChange={(status) => form.setField('status', status)}
            errorMessage={form.errors.status}
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={saving}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
