import { NavLink } from 'react-router-dom';
import { useQuery } from 'urql';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { cx } from '../../ui/cx';
import { useAuth } from '../auth/AuthProvider';
import { navigationFor, seesCompanyAdministration } from '../navigation';
import * as styles from './shell.css';
import { ShellCompanyQuery, ShellSubscriptionQuery } from './shell.operations';
import { UsagePanel } from './UsagePanel';
import { UserMenu } from './UserMenu';

export const FALLBACK_COMPANY_NAME = 'Funeral Policy Admin';

/** The member count moves with every member registered, deleted or imported. */
const SUBSCRIPTION_CONTEXT = { additionalTypenames: ['Member'] };

/** The company's name, or the product's while it loads or when the user has no company. */
export function useCompanyName(): string {
  const { user } = useAuth();
  const [company] = useQuery({ query: ShellCompanyQuery, pause: !user?.companyId });
  return company.data?.company?.name || FALLBACK_COMPANY_NAME;
}

export type SidebarProps = {
  /** Called after a link is followed: the drawer closes itself with it. */
  onNavigate?: () => void;
  /** In the drawer: shows a close button beside the company name. */
  onClose?: () => void;
};

export function Sidebar({ onNavigate, onClose }: SidebarProps) {
  const { user } = useAuth();
  const companyName = useCompanyName();
  const showUsage = user ? seesCompanyAdministration(user.role) : false;
  const [subscription] = useQuery({
    query: ShellSubscriptionQuery,
    pause: !showUsage || !user?.companyId,
    context: SUBSCRIPTION_CONTEXT,
  });
  if (!user) return null;

  return (
    <div className={styles.sidebar}>
      <div className={styles.brand}>
        <div className={styles.brandRow}>
          <p className={styles.companyName}>{companyName}</p>
          {onClose && (
            <Button variant="ghost" size="icon" className={styles.onDarkButton} aria-label="Close menu" onPress={onClose}>
              <Icon name="close" />
            </Button>
          )}
        </div>
        <span className={styles.liveSystem}>
          <span className={styles.liveDot} aria-hidden="true" />
          Live System
        </span>
      </div>
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.navList}>
          {navigationFor(user).map((entry) => (
            <li key={entry.path}>
              <NavLink
                to={entry.path}
                end={entry.path === '/'}
                onClick={onNavigate}
                className={({ isActive }) => cx(styles.navLink, isActive && styles.navLinkActive)}
              >
                <Icon name={entry.icon} size={18} />
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {showUsage && <UsagePanel subscription={subscription.data?.subscription} />}
      <div className={styles.userBlock}>
        <UserMenu user={user} onNavigate={onNavigate} />
      </div>
    </div>
  );
}
