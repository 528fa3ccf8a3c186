import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate } from '../../app/format';
import { useToast } from '../../app/toast';
import { Select } from '../../ui/Select';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS_OPTIONS } from './paymentLabels';
import { ChangePaymentStatusMutation, PAYMENTS_CONTEXT, type PaymentRow, type PaymentStatus } from './payments.operations';
import * as styles from './payments.css';
import { useCan } from '../../app/permissions';

/** The accessible name of a row's selector: the policy and date say which payment it is. */
export function paymentStatusLabel(payment: Pick<PaymentRow, 'policyNumber' | 'paymentDate'>): string {
  return `Payment status for ${payment.policyNumber} on ${formatDate(payment.paymentDate)}`;
}

/** A row's status (spec part 2 §4): any status may be set from any other, at once on choosing it. */
export function PaymentStatusSelect({ payment }: { payment: PaymentRow }) {
  const { toast } = useToast();
  const [{ fetching }, changeStatus] = useMutation(ChangePaymentStatusMutation);
  // A role that may not change a status (payments:update_status) sees it, read-only.
  const canChange = useCan('payments:update_status');

  const change = async (status: PaymentStatus) => {
    if (status === payment.status) return;
    const result = await changeStatus({ id: payment.id, status }, PAYMENTS_CONTEXT);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: `Payment for ${payment.policyNumber} is now ${PAYMENT_STATUS_LABELS[status]}.` });
  };

  return (
    <Select
      className={`${styles.statusSelect} ${styles.statusTone[payment.status]}`}
      label={paymentStatusLabel(payment)}
      labelHidden
      options={PAYMENT_STATUS_OPTIONS}
      value={payment.status}
      isDisabled={fetching || !canChange}
      onChange={(value) => value && void change(value as PaymentStatus)}
    />
  );
}
