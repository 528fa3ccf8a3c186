import { useQuery } from 'urql';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { DASHBOARD_STATS_CONTEXT, DashboardStatsQuery } from './dashboard.operations';
import { statFigures } from './stats';

/** Total Members, Active Policies, Monthly Revenue and Growth Rate (spec §2 Dashboard). */
export function StatsCards() {
  const [result] = useQuery({ query: DashboardStatsQuery, context: DASHBOARD_STATS_CONTEXT });
  const figures = statFigures(result.data?.dashboardStats);
  return (
    <StatGrid label="Company figures">
      <StatCard label="Total Members" value={figures.totalMembers} icon="users" />
      <StatCard label="Active Policies" value={figures.activePolicies} icon="file" tone="success" />
      <StatCard label="Monthly Revenue" value={figures.monthlyRevenue} icon="card" tone="warning" />
      <StatCard label="Growth Rate" value={figures.growthRate} icon="trendingUp" tone="neutral" />
    </StatGrid>
  );
}
