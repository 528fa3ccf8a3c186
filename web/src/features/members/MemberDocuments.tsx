import { formatDate } from '../../app/format';
import { Card } from '../../ui/Card';
import { Cell, DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/PageHeader';
import { PaperButton } from '../papers/PaperButton';
import type { MemberPage as Member } from './members.operations';

type MemberDocument = Member['documents'][number];

const KIND_LABELS: Record<MemberDocument['kind'], string> = {
  policy_schedule: 'Policy schedule',
  premium_statement: 'Premium statement',
  payment_receipt: 'Receipt',
  decision_letter: 'Decision letter',
  claim_document: 'Claim document',
};

const COLUMNS = ['Date', 'Kind', 'Document', 'File'] as const;

/**
 * Issue #22: the papers there are for this person (the server lists them, each with the route that gives
 * it, and only the kinds the caller may open): schedules, statements, receipts, decision letters and the
 * documents uploaded with claims.
 */
export function DocumentsCard({ documents }: { documents: readonly MemberDocument[] }) {
  return (
    <Card title="Documents" description="Schedules, premium statements, receipts, decision letters and the documents sent with claims.">
      {documents.length === 0 ? (
        <EmptyState icon="file" title="No documents yet" />
      ) : (
        <DataTable caption="Documents" columns={COLUMNS}>
          {documents.map((doc) => (
            <tr key={`${doc.kind}:${doc.href}`}>
              <Cell label="Date" lead>
                {formatDate(doc.date)}
              </Cell>
              <Cell label="Kind">{KIND_LABELS[doc.kind]}</Cell>
              <Cell label="Document">{doc.title}</Cell>
              <Cell label="File">
                <PaperButton path={doc.href} fileName={doc.fileName} label={`${doc.title} (download)`} text="Download" compact />
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
