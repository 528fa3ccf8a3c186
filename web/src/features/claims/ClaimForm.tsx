import { claimSchemaOn, UPLOAD_MAX_LABEL } from '@fpa/write-model/validation';
import { useEffect, useRef, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { onToday, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextField, type TextFieldProps } from '../../ui/TextField';
import { FileUpload } from '../documents/FileUpload';
import { PolicyPicker } from '../policies/PolicyPicker';
import { DeceasedLifePicker } from './DeceasedLifePicker';
import {
  CLAIM_FIELD_LABELS as LABELS,
  DEATH_TYPE_OPTIONS,
  DOCUMENT_FIELDS,
  EMPTY_CLAIM_FORM,
  SA_ID_MAX_LENGTH,
  submitClaimInput,
  type ClaimTextField,
} from './claimForm';
import { CLAIMS_CONTEXT, SubmitClaimMutation } from './claims.operations';
import * as styles from './claims.css';

const claimSchema = onToday(claimSchemaOn);

export const CLAIM_FORM_ID = 'new-claim-form';

export type ClaimFormProps = { onClose: () => void };

/** Focus the first field that needs fixing: an input marked invalid or an upload with a message. */
function focusFirstProblem(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-upload-invalid="true"] button')?.focus(), 0);
}

/** New Claim (spec part 2 §2, §5): the inline form with the policy, the people, the bank and four documents. */
export function ClaimForm({ onClose }: ClaimFormProps) {
  const { toast } = useToast();
  const form = useSchemaForm(claimSchema, EMPTY_CLAIM_FORM);
  const { values, errors, setErrors, setField } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: submitting }, submitClaim] = useMutation(SubmitClaimMutation);

  // The toggle that opened the form stays put; a keyboard user continues in the form's first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const clearPolicyErrors = () => setErrors(({ policyId: _id, policyNumber: _number, ...rest }) => rest);

  const text = (name: ClaimTextField, props: Partial<TextFieldProps> = {}) => (
    <TextField label={LABELS[name]} isRequired autoComplete="off" {...form.field(name)} {...props} />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const claim = form.validate();
    if (!claim) {
      focusFirstProblem(formRef.current);
      return;
    }
    const result = await submitClaim({ input: submitClaimInput(claim) }, CLAIMS_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        setErrors(issues);
        focusFirstProblem(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to submit claim'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Claim submitted successfully', description: result.data?.submitClaim.claimNumber });
    form.reset();
    onClose();
  };

  return (
    <Card title="New Claim" description="Fields marked * are required." className={styles.formCard}>
      <form id={CLAIM_FORM_ID} ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New claim">
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Policy</legend>
          <PolicyPicker
            activeOnly
            label={LABELS.policyId}
            value={values.policyId}
            onChange={(id) => {
              setField('policyId', id);
              if (id) setField('policyNumber', '');
              clearPolicyErrors();
            }}
            errorMessage={errors.policyId}
          />
          {values.policyId && (
            <DeceasedLifePicker
              key={values.policyId}
              policyId={values.policyId}
              onPick={(life, cover) => {
                setField('deceasedFirstName', life.firstName);
                setField('deceasedLastName', life.lastName);
                setField('deceasedSaId', life.saId ?? '');
                if (life.birthDate) setField('deceasedDateOfBirth', life.birthDate);
                // The cover is what the policy pays: proposed, the claimant may ask for less.
                setField('claimAmount', cover);
              }}
            />
          )}
          <TextField
            label={LABELS.policyNumber}
            isRequired
            description="Or type the number of a policy that is not listed."
            placeholder="e.g. POL-000123"
            autoComplete="off"
            {...form.field('policyNumber')}
            onChange={(number) => {
              setField('policyNumber', number);
              if (number) setField('policyId', '');
              clearPolicyErrors();
            }}
          />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Deceased Details</legend>
          {text('deceasedFirstName')}
          {text('deceasedLastName')}
          {text('deceasedSaId', { inputMode: 'numeric', maxLength: SA_ID_MAX_LENGTH })}
          {text('deathCertificateNumber')}
          {text('deceasedDateOfBirth', { type: 'date' })}
          {text('deceasedDateOfDeath', { type: 'date' })}
          <Select
            label={LABELS.deathType}
            isRequired
            options={DEATH_TYPE_OPTIONS}
            value={values.deathType || null}
            onChange={(deathType) => setField('deathType', deathType ?? '')}
            placeholder="Choose natural, accidental or suicide"
            description="Sets the waiting period: natural up to 6 months, accidental none, suicide as the policy type says."
            errorMessage={errors.deathType}
          />
          {text('causeOfDeath')}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Claimant Details</legend>
          {text('claimantFirstName')}
          {text('claimantLastName')}
          {text('claimantSaId', { inputMode: 'numeric', maxLength: SA_ID_MAX_LENGTH })}
          {text('relationshipToDeceased', { placeholder: 'e.g. Spouse, Child, Parent' })}
          {text('claimantPhone', { type: 'tel', placeholder: '0821234567' })}
          {text('claimantEmail', { type: 'email' })}
          {text('claimantAddress', { className: styles.fullRow })}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Claim and Bank Details</legend>
          {text('claimAmount', { inputMode: 'decimal', placeholder: 'e.g. 15000' })}
          {text('accountHolderName')}
          {text('bankName')}
          {text('bankAccountNumber', { inputMode: 'numeric' })}
          {text('bankBranchCode', { inputMode: 'numeric', maxLength: 6 })}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Supporting Documents</legend>
          <p className={styles.fullRowNote}>Each document: one image, PDF, DOC or DOCX file of at most {UPLOAD_MAX_LABEL}.</p>
          {DOCUMENT_FIELDS.map((field) => (
            <div key={field} data-upload-invalid={errors[field] ? 'true' : undefined}>
              <FileUpload
                label={LABELS[field]}
                isRequired
                value={values[field]}
                onChange={(path) => setField(field, path)}
                errorMessage={errors[field]}
              />
            </div>
          ))}
        </fieldset>

        <TextField label={LABELS.additionalNotes} multiline rows={3} {...form.field('additionalNotes')} />

        <div className={styles.formActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit Claim'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
