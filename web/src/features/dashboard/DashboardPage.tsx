import { Navigate } from 'react-router-dom';
import { useAuth } from '../../app/auth/AuthProvider';
import { PageHeader } from '../../ui/PageHeader';
import { AgentDashboard } from './AgentDashboard';
import { BookThisMonth } from './BookThisMonth';
import { ClaimDeadlines } from './ClaimDeadlines';
import { DashboardHeader } from './DashboardHeader';
import * as styles from './dashboard.css';
import { StatsCards } from './StatsCards';

/** / : staff get the company dashboard, agents their own (spec §2 Dashboard). */
export function DashboardPage() {
  const { user } = useAuth();
  if (user?.role === 'agent') return <AgentDashboard firstName={user.firstName} />;
  // The platform operator has no company to show here: their overview is the super admin's page (issue #25).
  if (user?.role === 'super_admin') return <Navigate to="/super-admin" replace />;
  return (
    <div className={styles.page}>
      <DashboardHeader companyUser={Boolean(user?.companyId)} />
      <PageHeader title="Dashboard" description="Your company's members, policies and premium income at a glance." />
      {/* Platform users (super admin) have no company, so no company figures to show. */}
      {user?.companyId ? <StatsCards /> : null}
      {/* The book this month: for the roles that read payments, as the server checks (issue #20). */}
      {user?.companyId && user.permissions.includes('payments:read') ? <BookThisMonth /> : null}
      {/* The claims decision clock's breaches (issue #23): for the roles that read claims. */}
      {user?.companyId && user.permissions.includes('claims:read') ? <ClaimDeadlines /> : null}
    </div>
  );
}
