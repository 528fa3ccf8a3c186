import { onboardingFamilyMemberSchemaOn, type OnboardingFamilyMemberInput } from '@fpa/write-model/validation';
import { useRef, type FormEvent } from 'react';
import { focusFirstInvalid, onToday, useSchemaForm } from '../../app/forms';
import { PriorCoverFields } from '../members/PriorCoverFields';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { FAMILY_RELATIONSHIP_OPTIONS } from './onboardingForm';
import * as styles from './onboarding.css';

const EMPTY_FAMILY_MEMBER = { firstName: '', lastName: '', idNumber: '', relationship: '', priorCoverMonths: '', priorCoverEndedOn: '' };
const familyMemberSchema = onToday(onboardingFamilyMemberSchemaOn);

export type FamilyMemberDialogProps = {
  onAdd: (member: OnboardingFamilyMemberInput) => void;
  onClose: () => void;
};

/** Add Family Member: checked with the shared schema, then added to the wizard's list (spec part 2 §5). */
export function FamilyMemberDialog({ onAdd, onClose }: FamilyMemberDialogProps) {
  const form = useSchemaForm(familyMemberSchema, EMPTY_FAMILY_MEMBER);
  const formRef = useRef<HTMLFormElement>(null);

  // Its own form, not nested in the wizard's: the dialog renders in a portal, but a submit event
  // would still bubble through React's tree to the wizard, so it stops here.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const member = form.validate();
    if (!member) {
      focusFirstInvalid(formRef.current);
      return;
    }
    onAdd(member);
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog title="Add Family Member">
        <form ref={formRef} className={styles.dialogForm} onSubmit={onSubmit} noValidate aria-label="Add family member">
          <TextField label="First name" isRequired autoFocus autoComplete="off" {...form.field('firstName')} />
          <TextField label="Last name" isRequired autoComplete="off" {...form.field('lastName')} />
          <TextField label="SA ID number" isRequired inputMode="numeric" maxLength={13} autoComplete="off" {...form.field('idNumber')} />
          <Select
            label="Relationship"
            isRequired
            placeholder="Choose a relationship"
            options={FAMILY_RELATIONSHIP_OPTIONS}
            value={form.values.relationship || null}
            onChange={(value) => form.setField('relationship', value ?? '')}
            errorMessage={form.errors.relationship}
          />
          <PriorCoverFields field={form.field} />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
            <Button type="submit">Add Family Member</Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
