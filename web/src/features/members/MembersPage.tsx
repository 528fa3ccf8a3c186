import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../app/permissions';
import { useClient, useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { AddMemberDialog } from './AddMemberDialog';
import { DeleteMemberDialog } from './DeleteMemberDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { IssuePolicyDialog } from './IssuePolicyDialog';
import { MemberLimitDialog } from './MemberLimitDialog';
import { CanAddMemberQuery, MEMBERS_CONTEXT, MembersQuery, type MemberRow } from './members.operations';
import * as styles from './members.css';
import { MembersTable, membersVariables } from './MembersTable';

// Papaparse and the upload code load only when the dialog is first opened.
const BulkUploadDialog = lazy(async () => ({ default: (await import('./bulk-upload/BulkUploadDialog')).BulkUploadDialog }));

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'limit'; reason: string }
  | { kind: 'edit'; member: MemberRow }
  | { kind: 'delete'; member: MemberRow }
  | { kind: 'issue'; member: MemberRow }
  | { kind: 'bulk' }
  | null;

const LIMIT_FALLBACK = 'Your plan’s member limit has been reached.';

/** /members: search, list, add, edit, delete and bulk-upload members (spec §2 Members). */
export function MembersPage() {
  const client = useClient();
  // The server checks 'members:create' for a new policy as for a new member; the button follows it.
  // Each action shows for whoever holds the permission the server checks for it (issue #25).
  const canCreate = useCan('members:create');
  const canImport = useCan('members:import');
  const canEdit = useCan('members:update');
  const canDelete = useCan('members:delete');
  const canIssuePolicy = canCreate;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim()) || null;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [checkingLimit, setCheckingLimit] = useState(false);
  const [first] = useQuery({ query: MembersQuery, variables: membersVariables(search, null), context: MEMBERS_CONTEXT });
  const totalCount = first.data?.members.totalCount ?? 0;

  // Asked fresh each time: another user may have added members since the page loaded.
  const openAddMember = async () => {
    setCheckingLimit(true);
    const result = await client.query(CanAddMemberQuery, {}, { requestPolicy: 'network-only' }).toPromise();
    setCheckingLimit(false);
    const check = result.data?.canAddMember;
    // When the check itself fails the form still opens: registration enforces the limit anyway.
    setDialog(check && !check.canAdd ? { kind: 'limit', reason: check.reason || LIMIT_FALLBACK } : { kind: 'add' });
  };
  const addButton = (label: string) => (
    <Button onPress={() => void openAddMember()} isDisabled={checkingLimit}>
      <Icon name="userPlus" size={18} />
      {label}
    </Button>
  );
  const close = () => setDialog(null);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Members"
        description="Principal and family members, their policies and contact details."
        actions={
          <>
            {canImport && (
              <Button variant="secondary" onPress={() => setDialog({ kind: 'bulk' })}>
                <Icon name="file" size={18} />
                Bulk Upload
              </Button>
            )}
            {canCreate && addButton('Add Member')}
          </>
        }
      />
      <div className={styles.toolbar} role="search">
        <TextField
          className={styles.search}
          label="Search members"
          labelHidden
          type="search"
          placeholder="Name, SA ID, passport or email"
          value={searchText}
          onChange={setSearchText}
        />
      </div>
      {first.fetching && !first.data ? (
        <PageSpinner label="Loading members" />
      ) : first.error && !first.data ? (
        <EmptyState icon="alert" title="Members could not be loaded" text={errorMessage(first.error)} />
      ) : totalCount === 0 && !search ? (
        <EmptyState
          icon="users"
          title="No members yet"
          text="Add members one by one or upload a CSV file of many at once."
          action={canCreate ? addButton('Add Your First Member') : undefined}
        />
      ) : totalCount === 0 ? (
        <EmptyState icon="search" title="No members match your search" text="Try a name, SA ID, passport number or email." />
      ) : (
        <MembersTable
          search={search}
          totalCount={totalCount}
          onEdit={canEdit ? (member) => setDialog({ kind: 'edit', member }) : undefined}
          onDelete={canDelete ? (member) => setDialog({ kind: 'delete', member }) : undefined}
          onIssuePolicy={canIssuePolicy ? (member) => setDialog({ kind: 'issue', member }) : undefined}
        />
      )}
      {dialog?.kind === 'add' && <AddMemberDialog onClose={close} onLimitReached={(reason) => setDialog({ kind: 'limit', reason })} />}
      {dialog?.kind === 'limit' && <MemberLimitDialog reason={dialog.reason} onClose={close} />}
      {dialog?.kind === 'edit' && <EditMemberDialog member={dialog.member} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteMemberDialog member={dialog.member} onClose={close} />}
      {dialog?.kind === 'issue' && <IssuePolicyDialog member={dialog.member} onClose={close} />}
      {dialog?.kind === 'bulk' && (
        <Suspense fallback={null}>
          <BulkUploadDialog onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
