import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatFileSize } from '../../app/format';
import { useToast } from '../../app/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import { CATEGORY_LABELS, DOCUMENT_STATUS_LABELS, DOCUMENT_STATUS_TONES } from './documentLabels';
import { DocumentLinks } from './DocumentLinks';
import { DOCUMENTS_CONTEXT, ReviewDocumentMutation, type DocumentItem, type DocumentStatus } from './documents.operations';
import * as styles from './documents.css';

export type DocumentCardProps = { document: DocumentItem; canReview: boolean };

/** One document: what it is, whose claim, who uploaded it, and View / Download; Verify / Reject for claims staff. */
export function DocumentCard({ document, canReview }: DocumentCardProps) {
  const { toast } = useToast();
  const [{ fetching }, review] = useMutation(ReviewDocumentMutation);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');

  const decide = async (status: DocumentStatus, reason: string | null) => {
    const result = await review({ id: document.id, status, note: reason }, DOCUMENTS_CONTEXT);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    setRejecting(false);
    toast({ title: 'Document updated', description: `${document.originalName} is now ${DOCUMENT_STATUS_LABELS[status].toLowerCase()}.` });
  };

  return (
    <article className={styles.card} aria-labelledby={`document-${document.id}`}>
      <header className={styles.cardHeader}>
        <span className={styles.fileIcon} aria-hidden="true">
          <Icon name="file" size={20} />
        </span>
        <span className={styles.titleBlock}>
          <h2 id={`document-${document.id}`} className={styles.fileName}>
            {document.originalName}
          </h2>
          <span className={styles.meta}>{formatFileSize(document.size)}</span>
        </span>
        <Badge tone={DOCUMENT_STATUS_TONES[document.status]}>{DOCUMENT_STATUS_LABELS[document.status]}</Badge>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Category</dt>
          <dd>{CATEGORY_LABELS[document.category]}</dd>
        </div>
        <div>
          <dt>Claim</dt>
          <dd>{document.claimNumber}</dd>
        </div>
        <div>
          <dt>Member</dt>
          <dd>{document.memberName || '—'}</dd>
        </div>
        <div>
          <dt>Uploaded by</dt>
          <dd>{document.uploadedBy || '—'}</dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>{formatDate(document.uploadedAt)}</dd>
        </div>
        {document.reviewedAt && (
          <div>
            <dt>Reviewed</dt>
            <dd>
              {formatDate(document.reviewedAt)}
              {document.reviewedBy ? ` by ${document.reviewedBy}` : ''}
            </dd>
          </div>
        )}
      </dl>
      {document.reviewNote && <p className={styles.note}>“{document.reviewNote}”</p>}
      <footer className={styles.cardActions}>
        <DocumentLinks document={document} />
        {canReview && (
          <span className={styles.reviewButtons}>
            {document.status !== 'verified' && (
              <Button
                size="sm"
                variant="secondary"
                isDisabled={fetching}
                aria-label={`Verify ${document.originalName}`}
                onPress={() => void decide('verified', null)}
              >
                <Icon name="check" size={16} />
                Verify
              </Button>
            )}
            {document.status !== 'rejected' && (
              <Button
                size="sm"
                variant="secondary"
                isDisabled={fetching}
                aria-label={`Reject ${document.originalName}`}
                onPress={() => {
                  setNote('');
                  setRejecting(true);
                }}
              >
                <Icon name="close" size={16} />
                Reject
              </Button>
            )}
          </span>
        )}
      </footer>
      <ConfirmDialog
        isOpen={rejecting}
        title="Reject this document?"
        confirmLabel="Reject Document"
        pendingLabel="Rejecting..."
        isPending={fetching}
        onConfirm={() => void decide('rejected', note.trim() || null)}
        onCancel={() => setRejecting(false)}
      >
        <p>
          {document.originalName} on claim {document.claimNumber} will be marked rejected. Say why, so the claimant can be asked for a
          better copy.
        </p>
        <TextField label="Reason (optional)" multiline rows={3} value={note} onChange={setNote} />
      </ConfirmDialog>
    </article>
  );
}
