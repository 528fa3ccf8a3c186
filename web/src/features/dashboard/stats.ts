import { formatPercent, formatRand } from '../../app/format';
import type { DashboardStats } from './dashboard.operations';

export type StatFigures = { totalMembers: string; activePolicies: string; monthlyRevenue: string; growthRate: string };

const count = new Intl.NumberFormat('en-ZA');

/**
 * The four cards' texts. Without figures (still loading, failed) they show the spec's fallbacks:
 * 0, 0, 'R 0' and '0%'; growth is also '0%' when last month had no new members to compare with.
 */
export function statFigures(stats: DashboardStats | null | undefined): StatFigures {
  return {
    totalMembers: count.format(stats?.totalMembers ?? 0),
    activePolicies: count.format(stats?.activePolicies ?? 0),
    monthlyRevenue: formatRand(stats?.monthlyRevenue),
    growthRate: formatPercent(stats?.memberGrowth),
  };
}
