import { mandateSchema, type MandateInput } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm, type ParseSchema } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_TYPE_OPTIONS, BANK_OPTIONS, MANDATE_STATUS_OPTIONS, universalBranch } from './collectionLabels';
import { COLLECTIONS_CONTEXT, SetDebitMandateMutation, type DebitMandate } from './collections.operations';
import * as styles from './collections.css';

export type MandateFormValues = {
  accountHolder: string;
  bank: string;
  branchCode: string;
  accountNumber: string;
  accountType: string;
  debitDay: string;
  mandateReference: string;
  debiCheck: string;
  status: string;
};

/** The form's strings as the shared schema takes them: the debit day a number, DebiCheck a boolean. */
export const mandateFormSchema: ParseSchema<MandateInput> = {
  safeParse: (input) => {
    const v = input as MandateFormValues;
    return mandateSchema.safeParse({
      ...v,
      bank: v.bank || undefined,
      accountType: v.accountType || undefined,
      debitDay: v.debitDay.trim() === '' ? undefined : Number(v.debitDay),
      debiCheck: v.debiCheck === 'true',
      status: v.status || undefined,
    });
  },
};

export function mandateFormValues(mandate: DebitMandate | null, policyDebitDay: number | null): MandateFormValues {
  return {
    accountHolder: mandate?.accountHolder ?? '',
    bank: mandate?.bank ?? '',
    branchCode: mandate?.branchCode ?? '',
    accountNumber: mandate?.accountNumber ?? '',
    accountType: mandate?.accountType ?? '',
    debitDay: String(mandate?.debitDay ?? policyDebitDay ?? ''),
    mandateReference: mandate?.mandateReference ?? '',
    debiCheck: mandate?.debiCheck ? 'true' : '',
    status: mandate?.status ?? 'pending',
  };
}

/** Sets or replaces a policy's mandate; the server's refusals (a reference taken) land on their field. */
export function MandateForm({
  policyId,
  mandate,
  policyDebitDay,
  onSaved,
}: {
  policyId: string;
  mandate: DebitMandate | null;
  policyDebitDay: number | null;
  onSaved?: () => void;
}) {
  const { toast } = useToast();
  const [initial] = useState(() => mandateFormValues(mandate, policyDebitDay));
  const form = useSchemaForm(mandateFormSchema, initial);
  const { values, errors, setField, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, setMandate] = useMutation(SetDebitMandateMutation);

  /** A bank's universal branch code is proposed unless the clerk typed another branch. */
  const chooseBank = (bank: string) => {
    const proposed = universalBranch(bank);
    const current = values.branchCode.trim();
    if (proposed && (current === '' || current === universalBranch(values.bank))) setField('branchCode', proposed);
    setField('bank', bank);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await setMandate({ id: policyId, input }, COLLECTIONS_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'The debit order could not be saved'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Debit order saved', description: `Mandate ${result.data?.setDebitMandate.mandateReference ?? ''}` });
    onSaved?.();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Debit order">
      <fieldset className={styles.fields}>
        <legend className={styles.legend}>{mandate ? 'Change the debit order' : 'Set up a debit order'}</legend>
        <TextField label="Account holder" isRequired autoComplete="off" className={styles.fullRow} {...form.field('accountHolder')} />
        <Select
          label="Bank"
          isRequired
          placeholder="Select a bank"
          options={BANK_OPTIONS}
          value={values.bank || null}
          onChange={(bank) => chooseBank(bank ?? '')}
          errorMessage={errors.bank}
        />
        <TextField label="Branch code" isRequired inputMode="numeric" autoComplete="off" {...form.field('branchCode')} />
        <TextField label="Account number" isRequired inputMode="numeric" autoComplete="off" {...form.field('accountNumber')} />
        <Select
          label="Account type"
          isRequired
          placeholder="Choose the type"
          options={ACCOUNT_TYPE_OPTIONS}
          value={values.accountType || null}
          onChange={(type) => setField('accountType', type ?? '')}
          errorMessage={errors.accountType}
        />
        <TextField
          label="Debit day"
          isRequired
          inputMode="numeric"
          description="1 to 31; past a month's end, its last day"
          {...form.field('debitDay')}
        />
        <TextField label="Mandate reference" isRequired autoComplete="off" {...form.field('mandateReference')} />
        <Select
          label="Mandate status"
          options={MANDATE_STATUS_OPTIONS}
          value={values.status || 'pending'}
          onChange={(status) => setField('status', status ?? 'pending')}
          errorMessage={errors.status}
        />
        <div className={styles.fullRow}>
          <Checkbox isSelected={values.debiCheck === 'true'} onChange={(on) => setField('debiCheck', on ? 'true' : '')}>
            DebiCheck mandate (sent only once the account holder authenticates it)
          </Checkbox>
        </div>
      </fieldset>
      <div className={styles.formActions}>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Debit Order'}
        </Button>
      </div>
    </form>
  );
}
