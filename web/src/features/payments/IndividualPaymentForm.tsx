import { paymentSchemaOn, type PaymentInput } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { formatRand } from '../../app/format';
import { focusFirstInvalid, onToday, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { PAYMENT_METHOD_OPTIONS, todayIso } from './paymentLabels';
import { PolicyPicker } from '../policies/PolicyPicker';
import { PAYMENTS_CONTEXT, RecordPaymentMutation, type RecordPaymentInput } from './payments.operations';
import * as styles from './payments.css';

const paymentSchema = onToday(paymentSchemaOn);

export type PaymentFormValues = {
  policyId: string;
  amount: string;
  paymentDate: string;
  paymentMethod: string;
  reference: string;
  notes: string;
};

export function emptyPaymentForm(today = todayIso()): PaymentFormValues {
  return { policyId: '', amount: '', paymentDate: today, paymentMethod: '', reference: '', notes: '' };
}

/** The recordPayment input from the validated form; blank optionals are sent as null. */
export function recordPaymentInput(payment: PaymentInput): RecordPaymentInput {
  return { ...payment, reference: payment.reference ?? null, notes: payment.notes ?? null };
}

/** Individual Payment (spec part 2 §5): one premium against one policy, dated today unless changed. */
export function IndividualPaymentForm() {
  const { toast } = useToast();
  // Held in state so reset() goes back to the same initial values (and today's date) every time.
  const [initial] = useState(() => emptyPaymentForm());
  const form = useSchemaForm(paymentSchema, initial);
  const { values, errors, setField, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, recordPayment] = useMutation(RecordPaymentMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const payment = form.validate();
    if (!payment) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await recordPayment({ input: recordPaymentInput(payment) }, PAYMENTS_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to record payment'), variant: 'destructive' });
      return;
    }
    const recorded = result.data?.recordPayment;
    toast({
      title: 'Payment recorded',
      description: recorded ? `${formatRand(recorded.amount)} for policy ${recorded.policyNumber}.` : undefined,
    });
    form.reset();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Individual payment">
      <div className={styles.fields}>
        <div className={styles.fullRow}>
          <PolicyPicker
            excludeSchemes
            label="Policy"
            value={values.policyId}
            onChange={(id) => setField('policyId', id)}
            errorMessage={errors.policyId}
          />
        </div>
        <TextField
          label="Amount (R)"
          isRequired
          inputMode="decimal"
          placeholder="e.g. 150.00"
          autoComplete="off"
          {...form.field('amount')}
        />
        <TextField label="Payment date" isRequired type="date" {...form.field('paymentDate')} />
        <Select
          label="Payment method"
          isRequired
          placeholder="Choose a method"
          options={PAYMENT_METHOD_OPTIONS}
          value={values.paymentMethod || null}
          onChange={(method) => setField('paymentMethod', method ?? '')}
          errorMessage={errors.paymentMethod}
        />
        <TextField label="Reference (optional)" autoComplete="off" placeholder="e.g. bank reference" {...form.field('reference')} />
        <TextField label="Notes (optional)" multiline rows={2} className={styles.fullRow} {...form.field('notes')} />
      </div>
      <div className={styles.formActions}>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Payment'}
        </Button>
      </div>
    </form>
  );
}
