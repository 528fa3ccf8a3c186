import { roleLabel } from '@fpa/write-model/validation';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { fullName, initials } from './roleLabels';
import { CompanyUsersQuery, USERS_CONTEXT } from './roleManagement.operations';
import { ResetPasswordButton } from './ResetPasswordButton';
import { UserActiveToggle } from './UserActiveToggle';
import { UserRoleSelect } from './UserRoleSelect';
import * as styles from './roleManagement.css';

/** Company Users (spec part 2 §2): who has a login here, and their role, changeable in place. */
export function CompanyUsersList() {
  const [result] = useQuery({ query: CompanyUsersQuery, context: USERS_CONTEXT });
  const users = result.data?.companyUsers ?? [];

  return (
    <Card title="Company Users" description="Everyone with a login to this company. Choosing another role changes it at once.">
      {result.fetching && !result.data ? (
        <p className={styles.hint}>Loading users...</p>
      ) : result.error && !result.data ? (
        <p className={styles.hint} role="alert">
          {errorMessage(result.error)}
        </p>
      ) : users.length === 0 ? (
        <p className={styles.hint}>No users found.</p>
      ) : (
        <ul className={styles.userList} aria-label="Company users">
          {users.map((user) => (
            <li key={user.id} className={styles.userRow} aria-label={fullName(user)}>
              <span className={styles.initials} aria-hidden="true">
                {initials(user)}
              </span>
              <span className={styles.userText}>
                <span className={styles.userName}>{fullName(user)}</span>
                <span className={styles.secondary}>{user.email}</span>
                <span className={styles.secondary}>@{user.username}</span>
              </span>
              <span className={styles.userBadges}>
                <Badge tone="primary" className={styles.roleBadge}>
                  {roleLabel(user.role)}
                </Badge>
                {!user.isActive && <Badge tone="dangerSoft">Deactivated</Badge>}
                {user.isActive && user.mustChangePassword && <Badge tone="warning">Temporary password</Badge>}
              </span>
              <UserRoleSelect user={user} />
              <span className={styles.userActions}>
                <ResetPasswordButton user={user} />
                <UserActiveToggle user={user} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
