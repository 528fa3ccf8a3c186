import { useQuery } from 'urql';
import { RouteButtonLink } from '../../ui/ButtonLink';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { AGENT_DASHBOARD_CONTEXT, AgentDashboardQuery } from './dashboard.operations';
import { DashboardHeader } from './DashboardHeader';
import * as styles from './dashboard.css';
import { agentFigures } from './stats';

/** / for an agent: 'Welcome, {first name}' and three cards of its own (spec part 1 §2 Dashboard). */
export function AgentDashboard({ firstName }: { firstName: string }) {
  const [result] = useQuery({ query: AgentDashboardQuery, context: AGENT_DASHBOARD_CONTEXT });
  const figures = agentFigures(result.data?.agentDashboard);
  return (
    <div className={styles.page}>
      {/* Agents have no company records to search (their clients are on New Sales). */}
      <DashboardHeader companyUser={false} />
      <PageHeader
        title={`Welcome, ${firstName}`}
        description="Your target, the clients you have onboarded and the commission you have earned."
        actions={
          <RouteButtonLink href="/onboarding" variant="primary" size="md">
            <Icon name="userPlus" size={18} />
            Onboard a Client
          </RouteButtonLink>
        }
      />
      <StatGrid label="Your figures" columns={3}>
        <StatCard label="Sales Target" value={figures.salesTarget} icon="trendingUp" />
        <StatCard label="Clients Onboarded" value={figures.clientsOnboarded} icon="userPlus" tone="success" />
        <StatCard label="Total Commissions" value={figures.totalCommissions} icon="card" tone="warning" detail={figures.rate} />
      </StatGrid>
    </div>
  );
}
