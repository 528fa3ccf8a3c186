import { editFamilyMemberSchemaOn, editMemberSchemaOn, resolveProvince } from '@fpa/write-model/validation';
import { useMemo, useRef, type FormEvent, type RefObject } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, onToday, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { PROVINCE_OPTIONS } from './MemberDetailsStep';
import { PRIOR_COVER_HELP, PriorCoverFields } from './PriorCoverFields';
import * as fieldStyles from '../../ui/field.css';
import { RELATIONSHIP_OPTIONS } from './memberForm';
import { UpdateFamilyMemberMutation, UpdateMemberMutation, type MemberRow } from './members.operations';
import * as styles from './members.css';

const editMemberSchema = onToday(editMemberSchemaOn);
const editFamilyMemberSchema = onToday(editFamilyMemberSchemaOn);

function editValues(member: MemberRow) {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email ?? '',
    phone: member.phone ?? '',
    address: member.address ?? '',
    city: member.city ?? '',
    // Older records and CSV imports may hold the name; the select works with codes.
    province: member.province ? (resolveProvince(member.province) ?? member.province) : '',
    postalCode: member.postalCode ?? '',
    dateOfBirth: member.dateOfBirth ?? '',
    priorCoverMonths: '',
    priorCoverEndedOn: '',
  };
}

/** Prior cover proven after the life joined (issue #22); blank keeps what was given before. */
function PriorCoverFieldset({ field }: { field: Parameters<typeof PriorCoverFields>[0]['field'] }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Cover Elsewhere (optional)</legend>
      <p className={`${styles.fullRow} ${fieldStyles.description}`}>{PRIOR_COVER_HELP} Leave blank to keep what was given before.</p>
      <PriorCoverFields field={field} />
    </fieldset>
  );
}

/** What the address fieldset needs of either dialog's form. */
type AddressForm = {
  values: { province: string };
  errors: Partial<Record<string, string>>;
  field: (name: 'address' | 'city' | 'postalCode') => {
    name: string;
    value: string;
    onChange: (value: string) => void;
    errorMessage: string | undefined;
  };
  setField: (name: 'province', value: string) => void;
};

/** The address, the province list keeping one it does not know, so opening the form never loses it. */
function AddressFieldset({ form, initialProvince }: { form: AddressForm; initialProvince: string }) {
  const known = !initialProvince || PROVINCE_OPTIONS.some((p) => p.id === initialProvince);
  const provinces = known ? PROVINCE_OPTIONS : [...PROVINCE_OPTIONS, { id: initialProvince, label: initialProvince }];
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Address</legend>
      <TextField className={styles.fullRow} label="Street address" {...form.field('address')} />
      <TextField label="City" {...form.field('city')} />
      <Select
        label="Province"
        placeholder="Choose a province"
        options={provinces}
        value={form.values.province || null}
        onChange={(value) => form.setField('province', value ?? '')}
        errorMessage={form.errors.province}
      />
      <TextField label="Postal code" inputMode="numeric" {...form.field('postalCode')} />
    </fieldset>
  );
}

/**
 * Both edits' save: the shared schema first (focus on the first field to fix), then the server, whose
 * field refusals show under the fields; a toast either way.
 */
function useSaveMember<Input>(
  form: { validate(): Input | null; setErrors(errors: Record<string, string>): void },
  formRef: RefObject<HTMLFormElement | null>,
  save: (input: Input) => Promise<{ error?: CombinedError | undefined }>,
  onClose: () => void,
) {
  const { toast } = useToast();
  return async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await save(input);
    if (result.error) {
      form.setErrors(errorFieldIssues(result.error));
      focusFirstInvalid(formRef.current);
      toast({ title: 'Update failed', description: serverMessageOr(result.error, 'Failed to update member'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Member updated successfully' });
    onClose();
  };
}

/** Edit Main Member (spec §5), or Edit Family Member for a family member (issue #22). */
export function EditMemberDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  return member.isMainMember ? (
    <EditMainMemberDialog member={member} onClose={onClose} />
  ) : (
    <EditFamilyMemberDialog member={member} onClose={onClose} />
  );
}

/** Edit Main Member: personal, contact and address fields (spec §5 Edit member). */
function EditMainMemberDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const initial = useMemo(() => editValues(member), [member]);
  const form = useSchemaForm(editMemberSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching }, update] = useMutation(UpdateMemberMutation);
  const onSubmit = useSaveMember(form, formRef, (input) => update({ id: member.id, input }), onClose);

  return (
    <Modal isOpen onOpenChange={(open) => !open && !fetching && onClose()} size="wide">
      <Dialog title="Edit Main Member">
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit main member">
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Personal Details</legend>
            <TextField label="First name" {...form.field('firstName')} />
            <TextField label="Last name" {...form.field('lastName')} />
            <TextField label="Date of birth (optional)" type="date" {...form.field('dateOfBirth')} />
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Contact Information</legend>
            <TextField label="Phone number" type="tel" {...form.field('phone')} />
            <TextField label="Email (optional)" type="email" {...form.field('email')} />
          </fieldset>
          <AddressFieldset form={form} initialProvince={initial.province} />
          <PriorCoverFieldset field={form.field} />
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose} isDisabled={fetching}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={fetching}>
              {fetching ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

/** Edit Family Member (issue #22): names, date of birth, relationship, and the optional contact and address. */
function EditFamilyMemberDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const initial = useMemo(
    () => ({ ...editValues(member), relationship: member.relationship ?? '', otherRelationship: member.otherRelationship ?? '' }),
    [member],
  );
  const form = useSchemaForm(editFamilyMemberSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching }, update] = useMutation(UpdateFamilyMemberMutation);
  const onSubmit = useSaveMember(form, formRef, (input) => update({ id: member.id, input }), onClose);

  return (
    <Modal isOpen onOpenChange={(open) => !open && !fetching && onClose()} size="wide">
      <Dialog title="Edit Family Member">
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit family member">
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Personal Details</legend>
            <TextField label="First name" {...form.field('firstName')} />
            <TextField label="Last name" {...form.field('lastName')} />
            <TextField label="Date of birth (optional)" type="date" {...form.field('dateOfBirth')} />
            <Select
              label="Relationship"
              placeholder="Choose a relationship"
              options={RELATIONSHIP_OPTIONS}
              value={form.values.relationship || null}
              onChange={(value) => form.setField('relationship', value ?? '')}
              errorMessage={form.errors.relationship}
            />
            {form.values.relationship === 'other' && <TextField label="Specify relationship" {...form.field('otherRelationship')} />}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Contact Information</legend>
            <TextField label="Phone number (optional)" type="tel" {...form.field('phone')} />
            <TextField label="Email (optional)" type="email" {...form.field('email')} />
          </fieldset>
          <AddressFieldset form={form} initialProvince={initial.province} />
          <PriorCoverFieldset field={form.field} />
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose} isDisabled={fetching}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={fetching}>
              {fetching ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
