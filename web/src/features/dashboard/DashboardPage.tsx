import { useAuth } from '../../app/auth/AuthProvider';
import { PagePlaceholder } from '../../app/PagePlaceholder';
import { DashboardHeader } from './DashboardHeader';

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
    <PagePlaceholder
      title="Dashboard"
      summary="The company's figures (total members, active policies, monthly revenue and growth rate) arrive with the members and policies work."
    >
      <DashboardHeader />
    </PagePlaceholder>
  );
}
