import { roleLabel } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Badge } from '../../ui/Badge';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { fullName } from './roleLabels';
import { CompanyUsersQuery, PermissionGroupsQuery, USERS_CONTEXT, type CompanyUserRow } from './roleManagement.operations';
import { UserPermissionsPanel } from './UserPermissionsPanel';
import * as styles from './roleManagement.css';

export function userOptionLabel(user: CompanyUserRow): string {
  return `${fullName(user)} (@${user.username})`;
}

/** User Permissions (spec part 2 §2): one user's effective permissions, with a grant or revoke per permission. */
export function UserPermissionsTab() {
  const [users] = useQuery({ query: CompanyUsersQuery, context: USERS_CONTEXT });
  const [groups] = useQuery({ query: PermissionGroupsQuery });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if ((users.fetching && !users.data) || (groups.fetching && !groups.data)) return <PageSpinner label="Loading users" />;
  const error = users.error ?? groups.error;
  if (error && !(users.data && groups.data)) {
    return (
      <p className={styles.hint} role="alert">
        {errorMessage(error)}
      </p>
    );
  }
  const list = users.data?.companyUsers ?? [];
  if (list.length === 0) return <p className={styles.hint}>No users found.</p>;
  const user = list.find((u) => u.id === selectedId);

  return (
    <div className={styles.tab}>
      <Select
        className={styles.picker}
        label="User"
        placeholder="Choose a user"
        options={list.map((u) => ({ id: u.id, label: userOptionLabel(u) }))}
        value={selectedId}
        onChange={setSelectedId}
      />
      {user ? (
        <>
          <div className={styles.userSummary} aria-label="Selected user">
            <span className={styles.userText}>
              <span className={styles.userName}>{fullName(user)}</span>
              <span className={styles.secondary}>@{user.username}</span>
              <span className={styles.secondary}>{user.email}</span>
            </span>
            <Badge tone="primary" className={styles.roleBadge}>
              {roleLabel(user.role)}
            </Badge>
          </div>
          <UserPermissionsPanel key={user.id} user={user} groups={groups.data?.permissionGroups ?? []} />
        </>
      ) : (
        <p className={styles.hint}>Choose a user to see their effective permissions and grant or revoke one.</p>
      )}
    </div>
  );
}
