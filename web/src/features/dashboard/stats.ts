import { formatPercent, formatRand } from '../../app/format';
import { formatRate, randFromNumber } from '../agents/agentFigures';
import type { AgentDashboardFigures, BookSummary, DashboardStats } from './dashboard.operations';

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

export type AgentFigures = { salesTarget: string; clientsOnboarded: string; totalCommissions: string; rate: string };

/** The agent's three cards; without figures (loading, failed) they read R 0, 0 and R 0 at a rate of 0%. */
export function agentFigures(figures: AgentDashboardFigures | null | undefined): AgentFigures {
  return {
    salesTarget: formatRand(figures ? randFromNumber(figures.salesTarget) : undefined),
    clientsOnboarded: count.format(figures?.clientsOnboarded ?? 0),
    totalCommissions: formatRand(figures?.totalCommissions),
    rate: `Rate: ${formatRate(figures?.commissionRate ?? 0)}`,
  };
}

export type BookFigures = {
  collectionRate: string;
  collected: string;
  inGrace: string;
  inGraceArrears: string;
  lapses: string;
  lapseRatio: string;
};

/** The cards' texts; while loading (or nothing fell due yet) the rate reads '—'. */
export function bookFigures(book: BookSummary | null | undefined): BookFigures {
  const latest = book?.lapseRatio.at(-1);
  return {
    collectionRate: book?.collectionRate == null ? '—' : formatPercent(book.collectionRate * 100),
    collected: book ? `${formatRand(book.premiumsPaid)} of ${formatRand(book.premiumsDue)} due` : '',
    inGrace: count.format(book?.policiesInGrace ?? 0),
    inGraceArrears: book ? `${formatRand(book.arrearsInGrace)} unpaid` : '',
    lapses: count.format(book?.lapsesThisMonth ?? 0),
    lapseRatio: latest ? formatPercent(latest.ratio * 100) : '—',
  };
}
