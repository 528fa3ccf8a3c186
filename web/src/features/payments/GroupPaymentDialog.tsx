import { groupPaymentSchemaOn, type GroupPaymentInput } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { formatRand } from '../../app/format';
import { focusFirstInvalid, onToday, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { GROUP_PAYMENT_METHOD_OPTIONS, groupPaymentTotal, todayIso } from './paymentLabels';
import { PAYMENTS_CONTEXT, RecordGroupPaymentMutation, type PaymentScheme, type RecordGroupPaymentInput } from './payments.operations';
import * as styles from './payments.css';

const groupPaymentSchema = onToday(groupPaymentSchemaOn);

type GroupPaymentFormValues = { amountPerMember: string; paymentMethod: string; paymentDate: string; reference: string };

export function recordGroupPaymentInput(payment: GroupPaymentInput): RecordGroupPaymentInput {
  return { ...payment, reference: payment.reference ?? null };
}

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

export type GroupPaymentDialogProps = { scheme: PaymentScheme; onClose: () => void };

/**
 * Group Payment (spec part 2 §5): one amount per member for a whole scheme. The total is shown as the
 * amount is typed; the server counts the members again and its total is the one the toast reports.
 */
export function GroupPaymentDialog({ scheme, onClose }: GroupPaymentDialogProps) {
  const { toast } = useToast();
  const [initial] = useState<GroupPaymentFormValues>(() => ({
    amountPerMember: '',
    paymentMethod: '',
    paymentDate: todayIso(),
    reference: '',
  }));
  const form = useSchemaForm(groupPaymentSchema, initial);
  const { values, errors, setField, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, recordGroupPayment] = useMutation(RecordGroupPaymentMutation);
  const total = groupPaymentTotal(values.amountPerMember, scheme.totalMembers);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const payment = form.validate();
    if (!payment) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await recordGroupPayment({ schemeId: scheme.id, input: recordGroupPaymentInput(payment) }, PAYMENTS_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({ title: 'Error', description: serverMessageOr(result.error, 'Failed to record group payment'), variant: 'destructive' });
      return;
    }
    const answer = result.data?.recordGroupPayment;
    toast({
      title: 'Group payment recorded',
      description: answer ? `Total ${formatRand(answer.totalAmount)} for ${members(answer.memberCount)} of ${scheme.name}.` : undefined,
    });
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !saving && onClose()} isDismissable={!saving}>
      <Dialog title={`Group Payment: ${scheme.name}`}>
        <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Group payment">
          <p className={styles.memberCount}>
            <strong>{members(scheme.totalMembers)}</strong> on this scheme ({scheme.mainMemberCount} main, {scheme.familyMemberCount}{' '}
            family).
          </p>
          <TextField
            label="Amount per member (R)"
            isRequired
            inputMode="decimal"
            placeholder="e.g. 150.00"
            autoComplete="off"
            autoFocus
            {...form.field('amountPerMember')}
          />
          <Select
            label="Payment method"
            isRequired
            placeholder="Choose a method"
            options={GROUP_PAYMENT_METHOD_OPTIONS}
            value={values.paymentMethod || null}
            onChange={(method) => setField('paymentMethod', method ?? '')}
            errorMessage={errors.paymentMethod}
          />
          <TextField label="Payment date" isRequired type="date" {...form.field('paymentDate')} />
          <TextField label="Reference (optional)" autoComplete="off" {...form.field('reference')} />
          <div className={styles.total} aria-live="polite" aria-atomic="true">
            <span className={styles.totalLabel}>Total</span>
            <span className={styles.totalValue}>{total ? formatRand(total) : formatRand('0')}</span>
            <span className={styles.totalHint}>
              {total
                ? `${formatRand(values.amountPerMember.trim())} × ${members(scheme.totalMembers)}`
                : `Amount per member × ${members(scheme.totalMembers)}`}
            </span>
          </div>
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={saving}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={saving || scheme.totalMembers === 0}>
              {saving ? 'Recording...' : 'Record Group Payment'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
