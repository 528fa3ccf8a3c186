import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useCan } from '../../app/permissions';
import { errorCode, errorMessage } from '../../app/errors';
import { formatDate } from '../../app/format';
import { Button } from '../../ui/Button';
import { RouteButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { AddMembersDialog } from './AddMembersDialog';
import { HistoryButton } from '../audit/HistoryDisclosure';
import { EditSchemeDialog } from './EditSchemeDialog';
import { GroupSchemeQuery, SCHEMES_CONTEXT, type GroupScheme } from './groupSchemes.operations';
import { SchemeStatusBadge } from './SchemeCard';
import { SchemeMembersList } from './SchemeMembersList';
import * as styles from './groupSchemes.css';

/** Spec part 2 §8: an unknown scheme, or another company's (the server answers null for both). */
export function SchemeNotFound() {
  return (
    <Card as="div" className={styles.notFound}>
      <h1 className={styles.notFoundTitle}>
        <Icon name="alert" size={24} />
        Scheme Not Found
      </h1>
      <p className={styles.hint}>The requested group scheme could not be found.</p>
      <div>
        <RouteButtonLink href="/group-schemes" size="md">
          <Icon name="arrowLeft" size={18} />
          Back to Group Schemes
        </RouteButtonLink>
      </div>
    </Card>
  );
}

function SchemeInformation({ scheme }: { scheme: GroupScheme }) {
  return (
    <Card title="Scheme Information">
      <dl className={styles.infoGrid}>
        <div>
          <dt>Status</dt>
          <dd>
            <SchemeStatusBadge status={scheme.status} />
          </dd>
        </div>
        <div>
          <dt>Total members</dt>
          <dd>{scheme.totalMembers}</dd>
        </div>
        <div>
          <dt>Main members</dt>
          <dd>{scheme.mainMemberCount}</dd>
        </div>
        <div>
          <dt>Family members</dt>
          <dd>{scheme.familyMemberCount}</dd>
        </div>
        <div>
          <dt>Policy prefix</dt>
          <dd>{scheme.policyPrefix}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(scheme.createdAt)}</dd>
        </div>
        <div className={styles.infoWide}>
          <dt>Description</dt>
          <dd>{scheme.description || 'No description.'}</dd>
        </div>
      </dl>
    </Card>
  );
}

type DialogState = 'edit' | 'add' | null;

/** /group-schemes/{id}: one scheme's header, information and members (spec part 2 §2 Group schemes). */
export function GroupSchemeDetailsPage() {
  const { id = '' } = useParams();
  const [result] = useQuery({ query: GroupSchemeQuery, variables: { id }, context: SCHEMES_CONTEXT });
  const [dialog, setDialog] = useState<DialogState>(null);
  // Editing a scheme and adding members need group_schemes:update, as the server checks (issue #25).
  const canUpdate = useCan('group_schemes:update');
  const scheme = result.data?.groupScheme;

  if (result.fetching && !result.data) return <PageSpinner label="Loading group scheme" />;
  if (result.error && !result.data) {
    if (errorCode(result.error) === 'NOT_FOUND') return <SchemeNotFound />;
    return <EmptyState icon="alert" title="The group scheme could not be loaded" text={errorMessage(result.error)} />;
  }
  if (!scheme) return <SchemeNotFound />;

  return (
    <div className={styles.page}>
      <Link href="/group-schemes" className={styles.backLink}>
        <Icon name="arrowLeft" size={16} />
        All group schemes
      </Link>
      <PageHeader
        title={scheme.name}
        description={`Group scheme · policy numbers begin with ${scheme.policyPrefix}`}
        actions={
          <>
            <HistoryButton entity="group_scheme" id={scheme.id} name={`scheme ${scheme.name}`} size="md" />
            {canUpdate && (
              <>
                <Button variant="secondary" onPress={() => setDialog('edit')}>
                  <Icon name="edit" size={18} />
                  Edit
                </Button>
                <Button onPress={() => setDialog('add')}>
                  <Icon name="userPlus" size={18} />
                  Add Members
                </Button>
              </>
            )}
          </>
        }
      />
      <SchemeInformation scheme={scheme} />
      <SchemeMembersList schemeId={scheme.id} />
      {dialog === 'edit' && <EditSchemeDialog scheme={scheme} onClose={() => setDialog(null)} />}
      {dialog === 'add' && <AddMembersDialog scheme={scheme} onClose={() => setDialog(null)} />}
    </div>
  );
}
