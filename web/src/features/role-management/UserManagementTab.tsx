import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { PageSpinner } from '../../ui/Spinner';
import { CompanyUsersList } from './CompanyUsersList';
import { userCountText } from './roleLabels';
import { ROLES_CONTEXT, RolesQuery } from './roleManagement.operations';
import * as styles from './roleManagement.css';

/** User Management (spec part 2 §2): a card per role with its user count, then the company's users. */
export function UserManagementTab() {
  const [roles] = useQuery({ query: RolesQuery, context: ROLES_CONTEXT });

  return (
    <div className={styles.tab}>
      {roles.fetching && !roles.data ? (
        <PageSpinner label="Loading roles" />
      ) : roles.error && !roles.data ? (
        <p className={styles.hint} role="alert">
          {errorMessage(roles.error)}
        </p>
      ) : (
        <ul className={styles.roleGrid} aria-label="Roles">
          {(roles.data?.roles ?? []).map((role) => (
            <li key={role.value} className={styles.roleCard} aria-label={role.label}>
              <h3 className={styles.roleName}>{role.label}</h3>
              <p className={styles.hint}>{role.description}</p>
              <p className={styles.roleCount}>{userCountText(role.userCount)}</p>
            </li>
          ))}
        </ul>
      )}
      <CompanyUsersList />
    </div>
  );
}
