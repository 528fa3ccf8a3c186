import { isCollectable } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useQuery } from 'urql';
import { useAuth } from '../../app/auth/AuthProvider';
import { errorMessage } from '../../app/errors';
import { formatDate } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { EmptyState } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { PolicyStatementQuery } from '../arrears/arrears.operations';
import { ACCOUNT_TYPE_LABELS, bankName, MANDATE_STATUS_LABELS, MANDATE_STATUS_TONES } from './collectionLabels';
import { COLLECTIONS_CONTEXT, DebitMandateQuery, type DebitMandate } from './collections.operations';
import { MandateForm } from './MandateForm';
import * as styles from './collections.css';

/** Whether the signed-in user may set mandates: the permission the server checks (payments:create). */
export function useCanCollect(): boolean {
  const { user } = useAuth();
  return Boolean(user?.permissions.includes('payments:create'));
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>{value}</dd>
    </div>
  );
}

export function SuspensionBanner({ suspended }: { suspended: NonNullable<DebitMandate['suspended']> }) {
  return (
    <div role="alert" className={styles.warning}>
      <span className={styles.strong}>Debits suspended</span>
      <span>
        The bank answered unpaid {suspended.unpaidCode} ({suspended.reason}) on {formatDate(suspended.on)}. Set new bank details to collect
        again.
      </span>
    </div>
  );
}

export function MandateView({ mandate }: { mandate: DebitMandate }) {
  const collectable = isCollectable({ ...mandate, suspended: mandate.suspended !== null });
  return (
    <section className={styles.section} aria-label="Current debit order">
      {mandate.suspended && <SuspensionBanner suspended={mandate.suspended} />}
      <dl className={styles.figures}>
        <Figure label="Account holder" value={mandate.accountHolder} />
        <Figure label="Bank" value={bankName(mandate.bank)} />
        <Figure label="Branch code" value={mandate.branchCode} />
        <Figure label="Account number" value={mandate.accountNumber} />
        <Figure label="Account type" value={ACCOUNT_TYPE_LABELS[mandate.accountType]} />
        <Figure label="Debit day" value={String(mandate.debitDay)} />
        <Figure label="Mandate reference" value={mandate.mandateReference} />
        <Figure label="DebiCheck" value={mandate.debiCheck ? 'Yes' : 'No'} />
      </dl>
      <p className={styles.muted}>
        <Badge tone={MANDATE_STATUS_TONES[mandate.status]}>{MANDATE_STATUS_LABELS[mandate.status]}</Badge>{' '}
        {collectable ? 'Debits are sent on this mandate.' : 'No debit is sent on this mandate until it is authenticated or replaced.'}
      </p>
    </section>
  );
}

/** The policy's debit day, for a new mandate's default, when the opener did not know it (arrears rows). */
function usePolicyDebitDay(policyId: string, known: number | null, pause: boolean): number | null {
  const [result] = useQuery({ query: PolicyStatementQuery, variables: { id: policyId }, pause: pause || known !== null });
  return known ?? result.data?.policyStatement?.debitDay ?? null;
}

export function MandatePanel({ policyId, policyDebitDay = null }: { policyId: string; policyDebitDay?: number | null }) {
  const canCollect = useCanCollect();
  const [result] = useQuery({
    query: DebitMandateQuery,
    variables: { policyId },
    context: COLLECTIONS_CONTEXT,
    requestPolicy: 'network-only',
  });
  const mandate = result.data?.debitMandate ?? null;
  const debitDay = usePolicyDebitDay(policyId, policyDebitDay, !canCollect || mandate !== null);
  if (result.fetching && !result.data) return <PageSpinner label="Loading debit order" />;
  if (result.error && !result.data)
    return <EmptyState icon="alert" title="The debit order could not be loaded" text={errorMessage(result.error)} />;
  return (
    <div className={styles.page}>
      {mandate ? (
        <MandateView mandate={mandate} />
      ) : (
        <p className={styles.muted}>No debit order yet: the premium is paid by EFT, cash or card until one is set.</p>
      )}
      {canCollect && (
        // Keyed on the debit day read later (arrears rows), so a new form starts from it; a save keeps the form (and its focus).
        <MandateForm key={debitDay ?? ''} policyId={policyId} mandate={mandate} policyDebitDay={debitDay} />
      )}
    </div>
  );
}

/** A row's 'Debit order' button: the policy's mandate, and its form for those who collect. */
export function DebitOrderButton({
  policyId,
  policyNumber,
  debitDay = null,
  compact = false,
}: {
  policyId: string;
  policyNumber: string;
  debitDay?: number | null;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={compact ? 'icon' : 'sm'}
        aria-label={`Debit order of policy ${policyNumber}`}
        onPress={() => setOpen(true)}
      >
        <Icon name="card" size={16} />
        {!compact && 'Debit order'}
      </Button>
      {open && (
        <Modal isOpen onOpenChange={setOpen} size="wide">
          <Dialog
            title={`Debit order of policy ${policyNumber}`}
            heading={
              <>
                Debit order of policy <span className={styles.nowrap}>{policyNumber}</span>
              </>
            }
          >
            <MandatePanel policyId={policyId} policyDebitDay={debitDay} />
          </Dialog>
        </Modal>
      )}
    </>
  );
}
