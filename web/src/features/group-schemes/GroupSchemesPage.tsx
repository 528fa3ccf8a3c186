import { useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { CreateSchemeDialog } from './CreateSchemeDialog';
import { GroupSchemesQuery, SCHEMES_CONTEXT } from './groupSchemes.operations';
import { SchemeCard } from './SchemeCard';
import * as styles from './groupSchemes.css';
import { useCan } from '../../app/permissions';

/** /group-schemes: employer and community schemes as cards, and Create Scheme (spec part 2 §2). */
export function GroupSchemesPage() {
  const [result] = useQuery({ query: GroupSchemesQuery, context: SCHEMES_CONTEXT });
  const [creating, setCreating] = useState(false);
  const schemes = result.data?.groupSchemes ?? [];
  // Shown for whoever holds the permission the server checks (issue #25).
  const canCreate = useCan('group_schemes:create');
  const createButton = canCreate ? (
    <Button onPress={() => setCreating(true)}>
      <Icon name="plus" size={18} />
      Create Scheme
    </Button>
  ) : undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Group Schemes"
        description="Schemes with their main members and families; each main member holds a group policy."
        actions={createButton}
      />
      {result.fetching && !result.data ? (
        <PageSpinner label="Loading group schemes" />
      ) : result.error && !result.data ? (
        <EmptyState icon="alert" title="Group schemes could not be loaded" text={errorMessage(result.error)} />
      ) : schemes.length === 0 ? (
        <EmptyState
          icon="users"
          title="No group schemes yet"
          text="Create a scheme with its main members and their families; each main member gets a group policy."
        />
      ) : (
        <div className={styles.grid}>
          {schemes.map((scheme) => (
            <SchemeCard key={scheme.id} scheme={scheme} />
          ))}
        </div>
      )}
      {creating && <CreateSchemeDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
