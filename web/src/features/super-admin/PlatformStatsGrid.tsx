import { useQuery } from 'urql';
import { formatRand } from '../../app/format';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { PlatformStatsQuery, STATS_CONTEXT } from './superAdmin.operations';

/** The six platform figures (spec part 2 §2); growth reads '0%' until there is a month to compare with. */
export function PlatformStatsGrid() {
  const [result] = useQuery({ query: PlatformStatsQuery, context: STATS_CONTEXT });
  const stats = result.data?.platformStats;
  return (
    <StatGrid label="Platform figures" columns={3}>
      <StatCard label="Total Companies" value={String(stats?.totalCompanies ?? 0)} icon="building" />
      <StatCard label="Total Members" value={String(stats?.totalMembers ?? 0)} icon="users" tone="neutral" />
      <StatCard label="Monthly Revenue" value={formatRand(stats?.totalRevenue)} icon="card" tone="success" />
      <StatCard label="Active Claims" value={String(stats?.activeClaims ?? 0)} icon="clipboard" tone="warning" />
      <StatCard label="Member Growth" value={stats?.memberGrowthRate || '0%'} icon="trendingUp" tone="neutral" />
      <StatCard label="Revenue Growth" value={stats?.revenueGrowthRate || '0%'} icon="chart" tone="neutral" />
    </StatGrid>
  );
}
