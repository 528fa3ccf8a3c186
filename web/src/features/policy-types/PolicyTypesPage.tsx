import { useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { PolicyTypeCard } from './PolicyTypeCard';
import { PolicyTypeDialog } from './PolicyTypeDialog';
import { POLICY_TYPES_CONTEXT, PolicyTypesQuery, type PolicyType } from './policyTypes.operations';
import * as styles from './policyTypes.css';
import { useCan } from '../../app/permissions';

type DialogState = { open: false } | { open: true; editing: PolicyType | null };

/** /policy-types: the products a member can be covered by (spec §2 Policy Types). */
export function PolicyTypesPage() {
  const [result] = useQuery({ query: PolicyTypesQuery, context: POLICY_TYPES_CONTEXT });
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const policyTypes = result.data?.policyTypes ?? [];
  const openAdd = () => setDialog({ open: true, editing: null });
  // Shown for whoever holds the permission the server checks (issue #25).
  const canCreate = useCan('policy_types:create');
  const canEdit = useCan('policy_types:update');

  return (
    <div className={styles.page}>
      <PageHeader
        title="Policy Types"
        description="The cover you offer: coverage, monthly premium and waiting period."
        actions={canCreate ? <Button onPress={openAdd}>Add Policy Type</Button> : undefined}
      />
      {result.fetching && !result.data ? (
        <PageSpinner label="Loading policy types" />
      ) : result.error && !result.data ? (
        <EmptyState icon="alert" title="Policy types could not be loaded" text={errorMessage(result.error)} />
      ) : policyTypes.length === 0 ? (
        <EmptyState
          icon="layers"
          title="No policy types yet"
          text="Create your first policy type to start issuing policies to members."
          action={canCreate ? <Button onPress={openAdd}>Add Policy Type</Button> : undefined}
        />
      ) : (
        <div className={styles.grid}>
          {policyTypes.map((policyType) => (
            <PolicyTypeCard
              key={policyType.id}
              policyType={policyType}
              onEdit={canEdit ? () => setDialog({ open: true, editing: policyType }) : undefined}
            />
          ))}
        </div>
      )}
      {dialog.open && <PolicyTypeDialog isOpen editing={dialog.editing} onClose={() => setDialog({ open: false })} />}
    </div>
  );
}
