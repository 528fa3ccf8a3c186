import { useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { EmptyState } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { PaperButton } from '../papers/PaperButton';
import { ARREARS_CONTEXT, PolicyStatementQuery, type PolicyStatement } from './arrears.operations';
import { CHANNEL_LABELS, PERIOD_STATE_LABELS, PERIOD_STATE_TONES } from './arrearsLabels';
import * as styles from './arrears.css';

const PERIOD_COLUMNS = ['Month', 'Due', 'Premium', 'Paid', 'State'] as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>{value}</dd>
    </div>
  );
}

type Notice = PolicyStatement['notices'][number];

/** A non-payment notice in a sentence: when, how, which months, and until when the cover holds. */
export function noticeText(n: Notice): string {
  const channel = n.channel ? ` by ${CHANNEL_LABELS[n.channel]}` : '';
  const cover = n.graceEndsOn ? `; cover until ${formatDate(n.graceEndsOn)} unless paid` : '';
  return `${formatDate(n.issuedOn)}${channel}: ${n.periods.join(', ')} missed${cover}`;
}

/** The lapse in words: the day and who or what lapsed it. */
export function lapseText(lapse: NonNullable<PolicyStatement['lapse']>): string {
  return `Lapsed on ${formatDate(lapse.lapsedOn)} (${lapse.reason === 'staff' ? 'by staff' : 'non-payment after grace'})`;
}

export function StatementView({ statement }: { statement: PolicyStatement }) {
  return (
    <>
      <dl className={styles.figures}>
        <Figure label="Status" value={statement.status[0]!.toUpperCase() + statement.status.slice(1)} />
        <Figure label="Paid up to" value={statement.paidUpTo ? formatDate(statement.paidUpTo) : 'Not yet paid'} />
        <Figure label="Balance due" value={formatRand(statement.balance)} />
        <Figure label="Months in arrears" value={String(statement.monthsInArrears)} />
        <Figure label="Monthly premium" value={formatRand(statement.monthlyPremium)} />
        <Figure label="Debit day" value={String(statement.debitDay)} />
        <Figure label="As of" value={formatDate(statement.asOf)} />
        {statement.credit !== '0.00' && <Figure label="Credit" value={formatRand(statement.credit)} />}
      </dl>
      {statement.lapse && <p role="note">{lapseText(statement.lapse)}.</p>}
      {statement.notices.length > 0 && (
        <section className={styles.section} aria-label="Non-payment notices">
          <h3 className={styles.sectionTitle}>Non-payment notices</h3>
          <ul className={styles.list}>
            {statement.notices.map((n) => (
              <li key={n.issuedOn + n.periods.join()}>{noticeText(n)}</li>
            ))}
          </ul>
        </section>
      )}
      {statement.periods.length === 0 ? (
        <EmptyState icon="file" title="No premiums due yet" text="The first premium falls due on the policy's first debit day." />
      ) : (
        <DataTable caption="Premiums by month" columns={PERIOD_COLUMNS}>
          {statement.periods.map((p) => (
            <tr key={p.period}>
              <Cell label="Month" lead>
                {p.period}
              </Cell>
              <Cell label="Due" className={styles.number}>
                {formatDate(p.dueDate)}
              </Cell>
              <Cell label="Premium" className={styles.number}>
                {formatRand(p.amountDue)}
              </Cell>
              <Cell label="Paid" className={styles.number}>
                {formatRand(p.amountPaid)}
              </Cell>
              <Cell label="State">
                <span>
                  <Badge tone={PERIOD_STATE_TONES[p.state]}>{PERIOD_STATE_LABELS[p.state]}</Badge>
                </span>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

function StatementPanel({ policyId }: { policyId: string }) {
  const [result] = useQuery({
    query: PolicyStatementQuery,
    variables: { id: policyId },
    context: ARREARS_CONTEXT,
    requestPolicy: 'network-only',
  });
  if (result.fetching && !result.data) return <PageSpinner label="Loading statement" />;
  if (result.error || !result.data?.policyStatement)
    return (
      <EmptyState
        icon="alert"
        title="The statement could not be loaded"
        text={result.error ? errorMessage(result.error) : 'Policy not found.'}
      />
    );
  const statement = result.data.policyStatement;
  return (
    <>
      <div>
        <PaperButton
          path={`/api/policies/${encodeURIComponent(policyId)}/statement.pdf`}
          fileName={`statement-${statement.policyNumber}-${statement.asOf}.pdf`}
          label={`Statement of policy ${statement.policyNumber} (PDF)`}
          text="Print"
        />
      </div>
      <StatementView statement={statement} />
    </>
  );
}

/** A row's 'Statement' button: the policy's premiums month by month, paid-up-to date, balance, notices. */
export function StatementButton({
  policyId,
  policyNumber,
  compact = false,
}: {
  policyId: string;
  policyNumber: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* Compact (an icon only) where a row already holds several controls: /policies. */}
      <Button
        variant="secondary"
        size={compact ? 'icon' : 'sm'}
        aria-label={`Statement of policy ${policyNumber}`}
        onPress={() => setOpen(true)}
      >
        <Icon name="file" size={16} />
        {!compact && 'Statement'}
      </Button>
      {open && (
        <Modal isOpen onOpenChange={setOpen} size="wide">
          {/* The policy number on one line: at phone width the title wrapped it at a hyphen. */}
          <Dialog
            title={`Statement of policy ${policyNumber}`}
            heading={
              <>
                Statement of policy <span className={styles.nowrap}>{policyNumber}</span>
              </>
            }
          >
            <div className={styles.page}>
              <StatementPanel policyId={policyId} />
            </div>
          </Dialog>
        </Modal>
      )}
    </>
  );
}
