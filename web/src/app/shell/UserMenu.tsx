import { roleLabel } from '@fpa/write-model/validation';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import { Menu, type MenuAction } from '../../ui/Menu';
import { Spinner } from '../../ui/Spinner';
import { visuallyHidden } from '../../ui/visuallyHidden.css';
import type { SessionUser } from '../auth/auth.operations';
import { useAuth } from '../auth/AuthProvider';
import { seesCompanyAdministration } from '../navigation';
import * as styles from './shell.css';

function initials(user: SessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The user's name and role; pressing it opens Settings, Subscription and Logout. */
export function UserMenu({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { logout, isLoggingOut } = useAuth();
  const items: MenuAction[] = [
    ...(seesCompanyAdministration(user.role)
      ? [
          { id: 'settings', label: 'Settings', textValue: 'Settings', href: '/settings', onAction: onNavigate },
          { id: 'subscription', label: 'Subscription', textValue: 'Subscription', href: '/subscription', onAction: onNavigate },
        ]
      : []),
    {
      id: 'logout',
      label: (
        <>
          <Icon name="logout" size={18} /> {isLoggingOut ? 'Logging out...' : 'Logout'}
        </>
      ),
      textValue: 'Logout',
      onAction: () => void logout(),
      isDisabled: isLoggingOut,
    },
  ];
  const fullName = `${user.firstName} ${user.lastName}`;
  const roleText = isLoggingOut ? 'Logging out...' : roleLabel(user.role);
  return (
    <Menu
      aria-label="User menu"
      items={items}
      trigger={
        // Named by what it shows (WCAG 2.5.3, label in name: an aria-label would hide the visible text), then what it opens.
        <Button variant="ghost" className={cx(styles.onDarkButton, styles.userButton)}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(user)}
          </span>
          <span className={styles.userText}>
            <span className={styles.userName}>{fullName}</span>
            <span className={styles.userRole}>{roleText}</span>
          </span>
          <span className={visuallyHidden}>, user menu</span>
          {isLoggingOut ? <Spinner label="Logging out" size={16} /> : <Icon name="chevronDown" size={16} />}
        </Button>
      }
    />
  );
}
