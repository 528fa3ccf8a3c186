import { newUserSchema } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { COMPANY_ROLE_OPTIONS } from './roleLabels';
import { CreateUserMutation, USER_CHANGE_CONTEXT } from './roleManagement.operations';
import * as styles from './roleManagement.css';

export type NewUserFormValues = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  role: string;
};

export const EMPTY_NEW_USER: NewUserFormValues = { firstName: '', lastName: '', username: '', email: '', password: '', role: 'agent' };

/** Create New User (spec part 2 §2, §5 New user): a staff login of this company, an agent unless chosen otherwise. */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const [initial] = useState(EMPTY_NEW_USER);
  const form = useSchemaForm(newUserSchema, initial);
  const { values, errors, setField, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: creating }, createUser] = useMutation(CreateUserMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await createUser({ input }, USER_CHANGE_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({ title: 'Error creating user', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'User created', description: 'New user has been created successfully.' });
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !creating && onClose()} isDismissable={!creating} size="wide">
      <Dialog title="Create New User">
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Create new user">
          <div className={styles.fields}>
            <TextField label="First name" isRequired autoComplete="off" autoFocus {...form.field('firstName')} />
            <TextField label="Last name" isRequired autoComplete="off" {...form.field('lastName')} />
            <TextField label="Username" isRequired autoComplete="off" {...form.field('username')} />
            <TextField label="Email" isRequired type="email" autoComplete="off" {...form.field('email')} />
            <TextField label="Password" isRequired type="password" autoComplete="new-password" {...form.field('password')} />
            <Select
              label="Role"
              isRequired
              options={COMPANY_ROLE_OPTIONS}
              value={values.role || null}
              onChange={(role) => setField('role', role ?? '')}
              errorMessage={errors.role}
            />
          </div>
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={creating}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={creating}>
              {creating ? 'Creating...' : 'Create User'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
