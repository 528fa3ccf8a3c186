import { useAuth } from '../../app/auth/AuthProvider';
import { PagePlaceholder } from '../../app/PagePlaceholder';
import { PageHeader } from '../../ui/PageHeader';
import { DashboardHeader } from './DashboardHeader';
import * as styles from './dashboard.css';
import { StatsCards } from './StatsCards';

/** / : staff get the company dashboard, agents their own (spec §2 Dashboard). */
export function DashboardPage() {
  const { user } = useAuth();
  if (user?.role === 'agent') {
    return (
      <PagePlaceholder
        title={`Welcome, ${user.firstName}`}
        name="Agent Dashboard"
        summary="Your sales target, the clients you have onboarded and your total commissions (with your rate) will be shown here."
      >
        <DashboardHeader />
      </PagePlaceholder>
    );
  }
  return (
    <div className={styles.page}>
      <DashboardHeader />
      <PageHeader title="Dashboard" description="Your company's members, policies and premium income at a glance." />
      {/* Platform users (super admin) have no company, so no company figures to show. */}
      {user?.companyId ? <StatsCards /> : null}
    </div>
  );
}
