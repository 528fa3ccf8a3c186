import { useState } from 'react';
import { useQuery } from 'urql';
import { useAuth } from '../../app/auth/AuthProvider';
import { useDebouncedValue } from '../../app/debounce';
import { errorMessage } from '../../app/errors';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { DocumentCard } from './DocumentCard';
import { CATEGORY_LABELS, DOCUMENT_CATEGORIES, DOCUMENT_REVIEW_ROLES, DOCUMENT_STATUS_LABELS, DOCUMENT_STATUSES } from './documentLabels';
import { DOCUMENTS_CONTEXT, DOCUMENTS_LIMIT, DocumentsQuery, type DocumentCategory, type DocumentStatus } from './documents.operations';
import * as styles from './documents.css';

const ALL = 'all';
export const CATEGORY_FILTER_OPTIONS = [
  { id: ALL, label: 'All Categories' },
  ...DOCUMENT_CATEGORIES.map((id) => ({ id, label: CATEGORY_LABELS[id] })),
];
export const STATUS_FILTER_OPTIONS = [
  { id: ALL, label: 'All Statuses' },
  ...DOCUMENT_STATUSES.map((id) => ({ id, label: DOCUMENT_STATUS_LABELS[id] })),
];

/** /documents: every claim document, searched and filtered, to view, download and review (spec part 2 §2). */
export function DocumentsPage() {
  const { user } = useAuth();
  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const search = useDebouncedValue(searchText.trim()) || null;
  const variables = {
    search,
    category: category === ALL ? null : (category as DocumentCategory),
    status: status === ALL ? null : (status as DocumentStatus),
  };
  const [result] = useQuery({ query: DocumentsQuery, variables, context: DOCUMENTS_CONTEXT });
  const list = result.data?.documents;
  const canReview = Boolean(user && DOCUMENT_REVIEW_ROLES.includes(user.role));
  const filtered = Boolean(variables.search || variables.category || variables.status);

  return (
    <div className={styles.page}>
      <PageHeader title="Documents" description="The documents uploaded with claims: view, download and verify them." />
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search documents"
          labelHidden
          type="search"
          placeholder="File name, claim or member"
          value={searchText}
          onChange={setSearchText}
        />
        <Select label="Category" options={CATEGORY_FILTER_OPTIONS} value={category} onChange={(value) => setCategory(value ?? ALL)} />
        <Select label="Status" options={STATUS_FILTER_OPTIONS} value={status} onChange={(value) => setStatus(value ?? ALL)} />
      </div>
      {result.fetching && !list ? (
        <PageSpinner label="Loading documents" />
      ) : result.error && !list ? (
        <EmptyState icon="alert" title="Documents could not be loaded" text={errorMessage(result.error)} />
      ) : !list || list.nodes.length === 0 ? (
        <EmptyState
          icon="folder"
          title="No documents found"
          text={
            filtered
              ? 'Try another file name, claim number or member name, or clear the filters.'
              : 'Documents appear here once a claim is submitted with its supporting files.'
          }
        />
      ) : (
        <>
          <p className={styles.summary} aria-live="polite">
            {list.truncated
              ? `Showing the newest ${DOCUMENTS_LIMIT} documents only. Narrow the search or choose a category or status to find older ones.`
              : `${list.nodes.length} ${list.nodes.length === 1 ? 'document' : 'documents'}`}
          </p>
          <div className={styles.grid}>
            {list.nodes.map((document) => (
              <DocumentCard key={document.id} document={document} canReview={canReview} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
