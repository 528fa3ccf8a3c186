import { useState } from 'react';
import { downloadFrom } from '../../app/fileDownload';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

type PaperButtonProps = {
  /** The REST path of the PDF (issue #23's papers, made on the server). */
  path: string;
  fileName: string;
  /** What the button says to a screen reader: 'Schedule of policy POL-… (PDF)'. */
  label: string;
  text: string;
  compact?: boolean;
};

/** Downloads one of the papers (a schedule, a receipt) with the session, saying so when it cannot. */
export function PaperButton({ path, fileName, label, text, compact = false }: PaperButtonProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFrom(path, fileName);
    } catch (error) {
      toast({
        title: `The ${text.toLowerCase()} could not be made`,
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size={compact ? 'icon' : 'sm'} aria-label={label} isDisabled={busy} onPress={() => void download()}>
      <Icon name="download" size={16} />
      {!compact && (busy ? 'Making...' : text)}
    </Button>
  );
}

export function ScheduleButton({ policyId, policyNumber, compact = false }: { policyId: string; policyNumber: string; compact?: boolean }) {
  return (
    <PaperButton
      path={`/api/policies/${encodeURIComponent(policyId)}/schedule.pdf`}
      fileName={`schedule-${policyNumber}.pdf`}
      label={`Schedule of policy ${policyNumber} (PDF)`}
      text="Schedule"
      compact={compact}
    />
  );
}

export function ReceiptButton({ paymentId, policyNumber, paymentDate }: { paymentId: string; policyNumber: string; paymentDate: string }) {
  return (
    <PaperButton
      path={`/api/payments/${encodeURIComponent(paymentId)}/receipt.pdf`}
      fileName={`receipt-${policyNumber}-${paymentDate}.pdf`}
      label={`Receipt of the payment of ${paymentDate} on policy ${policyNumber} (PDF)`}
      text="Receipt"
      compact
    />
  );
}

/** A paid subscription payment's (tax) invoice (issue #25), numbered by the platform. */
export function InvoiceButton({ paymentId, invoiceNumber }: { paymentId: string; invoiceNumber: string }) {
  return (
    <PaperButton
      path={`/api/subscription/billing-history/${encodeURIComponent(paymentId)}/invoice.pdf`}
      fileName={`invoice-${invoiceNumber}.pdf`}
      label={`Invoice ${invoiceNumber} (PDF)`}
      text="Invoice"
    />
  );
}
