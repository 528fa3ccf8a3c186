import { builder, withoutNulls } from '../builder.ts';
import * as portfolio from '../queries/portfolio.ts';
import {
  CanAddMember,
  DashboardStats,
  MemberConnection,
  MemberType,
  PolicyConnection,
  PolicyCounts,
  PolicyStatusEnum,
  PolicyTypeType,
} from './portfolio.ts';

builder.queryFields((t) => ({
  policyTypes: t.field({ type: [PolicyTypeType], resolve: (_r, _a, ctx) => portfolio.policyTypes(ctx) }),
  members: t.field({
    type: MemberConnection,
    args: { search: t.arg.string(), mainOnly: t.arg.boolean(), first: t.arg.int({ defaultValue: 50 }), after: t.arg.string() },
    resolve: (_r, args, ctx) => portfolio.members(ctx, withoutNulls(args)),
  }),
  member: t.field({
    type: MemberType,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => portfolio.member(ctx, String(id)),
  }),
  policies: t.field({
    type: PolicyConnection,
    args: {
      search: t.arg.string(),
      status: t.arg({ type: PolicyStatusEnum }),
      first: t.arg.int({ defaultValue: 50 }),
      after: t.arg.string(),
    },
    resolve: (_r, args, ctx) => portfolio.policies(ctx, withoutNulls(args)),
  }),
  policyCounts: t.field({
    type: PolicyCounts,
    args: { search: t.arg.string() },
    resolve: (_r, { search }, ctx) => portfolio.policyCounts(ctx, search ?? undefined),
  }),
  dashboardStats: t.field({ type: DashboardStats, resolve: (_r, _a, ctx) => portfolio.dashboardStats(ctx) }),
  canAddMember: t.field({ type: CanAddMember, resolve: (_r, _a, ctx) => portfolio.canAddMember(ctx) }),
}));
