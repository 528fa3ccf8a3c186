import { useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { GroupPaymentTab } from './GroupPaymentTab';
import { IndividualPaymentForm } from './IndividualPaymentForm';
import { PAYMENT_STATUS_OPTIONS } from './paymentLabels';
import { PAYMENTS_CONTEXT, PaymentsQuery, type PaymentStatus } from './payments.operations';
import { PaymentsTable, paymentsVariables, type PaymentFilter } from './PaymentsTable';
import * as styles from './payments.css';
import { useCan } from '../../app/permissions';

const ALL = 'all';
export const PAYMENT_FILTER_OPTIONS = [{ id: ALL, label: 'All' }, ...PAYMENT_STATUS_OPTIONS];
export const RECORD_PANEL_ID = 'record-payment-panel';

/** /payments: record premiums per policy or per group scheme, and keep each payment's status (spec part 2 §2). */
export function PaymentsPage() {
  // Shown for whoever holds the permission the server checks (issue #25).
  const canRecord = useCan('payments:create');
  const [recordOpen, setRecordOpen] = useState(false);
  const [tab, setTab] = useState('individual');
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<string>(ALL);
  const search = useDebouncedValue(searchText.trim()) || null;
  const filter: PaymentFilter = { search, status: status === ALL ? null : (status as PaymentStatus) };
  const [first] = useQuery({ query: PaymentsQuery, variables: paymentsVariables(filter, null), context: PAYMENTS_CONTEXT });
  const totalCount = first.data?.payments.totalCount ?? 0;
  const filtered = Boolean(search || filter.status);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Payment Management"
        description="Record premiums for one policy or a whole group scheme, and keep each payment's status."
        actions={
          canRecord && (
            <Button
              onPress={() => setRecordOpen((open) => !open)}
              aria-expanded={recordOpen}
              aria-controls={recordOpen ? RECORD_PANEL_ID : undefined}
            >
              <Icon name={recordOpen ? 'close' : 'card'} size={18} />
              Record Payment
            </Button>
          )
        }
      />
      {recordOpen && (
        <div id={RECORD_PANEL_ID}>
          <Card title="Record Payment" description="Fields marked * are required." className={styles.recordCard}>
            <Tabs
              aria-label="Payment type"
              selectedKey={tab}
              onSelectionChange={setTab}
              items={[
                { id: 'individual', label: 'Individual Payment', content: <IndividualPaymentForm /> },
                { id: 'group', label: 'Group Payment', content: <GroupPaymentTab /> },
              ]}
            />
          </Card>
        </div>
      )}
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search payments"
          labelHidden
          type="search"
          placeholder="Policy number, member or reference"
          value={searchText}
          onChange={setSearchText}
        />
        <Select label="Status" options={PAYMENT_FILTER_OPTIONS} value={status} onChange={(value) => setStatus(value ?? ALL)} />
      </div>
      {first.fetching && !first.data ? (
        <PageSpinner label="Loading payments" />
      ) : first.error && !first.data ? (
        <EmptyState icon="alert" title="Payments could not be loaded" text={errorMessage(first.error)} />
      ) : totalCount === 0 ? (
        <EmptyState
          icon="card"
          title={filtered ? 'No payments match your search' : 'No payments yet'}
          text={
            filtered
              ? 'Try another policy number, name or reference, or choose a different status.'
              : 'Record a premium with Record Payment; it appears here with its status.'
          }
        />
      ) : (
        <PaymentsTable filter={filter} totalCount={totalCount} />
      )}
    </div>
  );
}
