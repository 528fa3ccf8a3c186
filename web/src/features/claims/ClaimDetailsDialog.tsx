import { PaperButton } from '../papers/PaperButton';
import { CLAIM_FLAG_LABELS } from '@fpa/write-model/validation';
import { useEffect, useRef } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatDateTime, formatFileSize, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { CATEGORY_LABELS, DOCUMENT_STATUS_LABELS, DOCUMENT_STATUS_TONES } from '../documents/documentLabels';
import { DocumentLinks } from '../documents/DocumentLinks';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES, claimFlagNotices, deathTypeLabel, waitingPeriodLine } from './claimStatus';
import { ClaimDetailsQuery, CLAIMS_CONTEXT, type ClaimDetails, type ClaimHistoryEntry, type ClaimRow } from './claims.operations';
import { ClaimStatusActions } from './ClaimStatusActions';
import { clockBadge, clockSentence } from './decisionClock';
import { DisputeClaim } from './DisputeClaim';
import { HistorySection } from '../audit/HistoryDisclosure';
import * as styles from './claims.css';

const roleText = (role: string | null | undefined) => (role ? role.replace(/_/g, ' ') : '');

function HistoryItem({ entry }: { entry: ClaimHistoryEntry }) {
  const who = entry.changedByName
    ? `${entry.changedByName}${entry.changedByRole ? ` (${roleText(entry.changedByRole)})` : ''}`
    : 'Unknown user';
  return (
    <li className={styles.historyItem}>
      <span className={styles.historyMove}>
        {entry.fromStatus ? `${CLAIM_STATUS_LABELS[entry.fromStatus]} → ` : ''}
        {CLAIM_STATUS_LABELS[entry.toStatus]}
      </span>
      <span className={styles.secondary}>
        {who}, {formatDateTime(entry.changedAt)}
      </span>
      {entry.note && <span className={styles.historyNote}>“{entry.note}”</span>}
    </li>
  );
}

/** The decision (issue #23): the approved amount and any override, the rejection's reason, the payout. */
function DecisionSection({ claim }: { claim: ClaimDetails }) {
  const { approvedAmount, override, rejection, payout } = claim;
  if (!approvedAmount && !rejection && !payout) return null;
  return (
    <section aria-labelledby="claim-decision" className={styles.section}>
      <h3 id="claim-decision" className={styles.sectionTitle}>
        Decision
      </h3>
      {/* The letter to the claimant (issue #23): the decision with its reason, or the amount and payout. */}
      {(claim.status === 'approved' || claim.status === 'paid' || claim.status === 'rejected') && (
        <div>
          <PaperButton
            path={`/api/claims/${encodeURIComponent(claim.id)}/decision-letter.pdf`}
            fileName={`decision-${claim.claimNumber}.pdf`}
            label={`Decision letter of claim ${claim.claimNumber} (PDF)`}
            text="Decision letter"
          />
        </div>
      )}
      <dl className={styles.facts}>
        {approvedAmount && (
          <div>
            <dt>Approved amount</dt>
            <dd>{formatRand(approvedAmount)}</dd>
          </div>
        )}
        {override && (
          <div>
            <dt>Override ({override.flags.map((f) => CLAIM_FLAG_LABELS[f]).join('; ')})</dt>
            <dd>{override.reason}</dd>
          </div>
        )}
        {rejection && (
          <div>
            <dt>Rejection reason</dt>
            <dd>
              {rejection.reasonLabel}
              {rejection.detail ? `: ${rejection.detail}` : ''}
            </dd>
          </div>
        )}
        {payout && (
          <>
            <div>
              <dt>Paid</dt>
              <dd>
                {formatRand(payout.amount)} on {formatDate(payout.paidOn)}
              </dd>
            </div>
            <div>
              <dt>Payment reference</dt>
              <dd>{payout.reference}</dd>
            </div>
            <div>
              <dt>Paid to</dt>
              <dd>
                {payout.accountHolder}
                {payout.accountLast4 ? ` · account ending ${payout.accountLast4}` : ''}
              </dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

/** The decision deadline of Policyholder Protection Rule 2A.8 (issue #23): where the clock stands, in words. */
function ClockSection({ claim }: { claim: ClaimDetails }) {
  const clock = claim.decisionClock;
  const badge = clockBadge(clock);
  const heading = useRef<HTMLHeadingElement>(null);
  const disputed = Boolean(claim.disputeReason);
  const wasDisputed = useRef(disputed);
  useEffect(() => {
    const justDisputed = disputed && !wasDisputed.current;
    wasDisputed.current = disputed;
    if (!justDisputed) return;
    // The Mark as Disputed button goes with the dispute, and the focus it held goes with it (to the page's body, where
    // Escape no longer closes this dialog): brought to this section, after the closing dialog's own focus handling.
    const frame = requestAnimationFrame(() => heading.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [disputed]);
  return (
    <section aria-labelledby="claim-clock" className={styles.section}>
      <h3 id="claim-clock" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        Decision deadline
      </h3>
      {badge && (
        <div>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
      )}
      <p>{clockSentence(clock)}</p>
      {claim.disputeReason && <p>Disputed: “{claim.disputeReason}”</p>}
      <div>
        <DisputeClaim claim={claim} />
      </div>
    </section>
  );
}

function Details({ claim }: { claim: ClaimDetails }) {
  const flags = claimFlagNotices(claim.flags, claim.claimAmount);
  return (
    <div className={styles.details}>
      <div className={styles.detailsHeader}>
        <Badge tone={CLAIM_STATUS_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
        <ClaimStatusActions claim={claim} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Policy number</dt>
          <dd>{claim.policyNumber}</dd>
        </div>
        <div>
          <dt>Member</dt>
          <dd>{claim.memberName}</dd>
        </div>
        <div>
          <dt>Deceased</dt>
          <dd>{claim.deceasedName}</dd>
        </div>
        <div>
          <dt>Date of death</dt>
          <dd>{formatDate(claim.dateOfDeath) || '—'}</dd>
        </div>
        <div>
          <dt>Manner of death</dt>
          <dd>{deathTypeLabel(claim.flags)}</dd>
        </div>
        <div>
          <dt>Claimant</dt>
          <dd>{claim.claimantName}</dd>
        </div>
        <div>
          <dt>Amount claimed</dt>
          <dd>{formatRand(claim.claimAmount)}</dd>
        </div>
        <div>
          <dt>Policy cover</dt>
          <dd>{formatRand(claim.flags.coverageAmount)}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            {formatDate(claim.submittedDate)}
            {claim.submittedBy ? ` by ${claim.submittedBy}` : ''}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="claim-checks" className={styles.section}>
        <h3 id="claim-checks" className={styles.sectionTitle}>
          Checks
        </h3>
        <p>{waitingPeriodLine(claim.flags)}</p>
        {flags.length === 0 ? (
          <p className={styles.okLine}>
            <Icon name="check" size={16} /> Outside the waiting period, within the cover, and the deceased is on the policy.
          </p>
        ) : (
          <ul className={styles.flagList}>
            {flags.map((flag) => (
              <li key={flag.id}>
                <Badge tone={flag.tone}>{flag.label}</Badge>
                <span>{flag.explanation}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ClockSection claim={claim} />

      <DecisionSection claim={claim} />

      <section aria-labelledby="claim-documents" className={styles.section}>
        <h3 id="claim-documents" className={styles.sectionTitle}>
          Documents ({claim.documents.length})
        </h3>
        {claim.documents.length === 0 ? (
          <p className={styles.muted}>No documents.</p>
        ) : (
          <ul className={styles.documentList}>
            {claim.documents.map((document) => (
              <li key={document.id} className={styles.documentItem}>
                <span className={styles.documentText}>
                  <span className={styles.documentName}>{document.originalName}</span>
                  <span className={styles.secondary}>
                    {CATEGORY_LABELS[document.category]} · {formatFileSize(document.size)}
                  </span>
                </span>
                <Badge tone={DOCUMENT_STATUS_TONES[document.status]}>{DOCUMENT_STATUS_LABELS[document.status]}</Badge>
                <DocumentLinks document={document} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="claim-history" className={styles.section}>
        <h3 id="claim-history" className={styles.sectionTitle}>
          Status history
        </h3>
        {claim.history.length === 0 ? (
          <p className={styles.muted}>No changes yet.</p>
        ) : (
          <ol className={styles.history}>
            {claim.history.map((entry, index) => (
              <HistoryItem key={`${entry.changedAt}-${index}`} entry={entry} />
            ))}
          </ol>
        )}
      </section>
      <HistorySection entity="claim" id={claim.id} name={`claim ${claim.claimNumber}`} />
    </div>
  );
}

/** A claim's details: who and what, the flags explained, its documents and its status history. */
export function ClaimDetailsDialog({ claim, onClose }: { claim: Pick<ClaimRow, 'id' | 'claimNumber'>; onClose: () => void }) {
  const [result] = useQuery({ query: ClaimDetailsQuery, variables: { id: claim.id }, context: CLAIMS_CONTEXT });
  const details = result.data?.claim;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="wide">
      <Dialog title={`Claim ${claim.claimNumber}`}>
        {details ? (
          <Details claim={details} />
        ) : result.fetching ? (
          <Spinner label="Loading the claim" />
        ) : result.error ? (
          <p role="alert">{errorMessage(result.error)}</p>
        ) : (
          <p>This claim could not be found.</p>
        )}
      </Dialog>
    </Modal>
  );
}
