import type {
  ComplianceLogRow,
  PlanRow,
  PlatformCompanyRow,
  PlatformStats,
  PlatformSubscriptionRow,
  SystemSettingRow,
} from '@fpa/projections';
import { builder } from '../builder.ts';
import * as platform from '../queries/platform.ts';

/* The super admin dashboard (spec part 2 §3, §7 Super admin): the same reads as /api/super-admin; its commands are endpoints (commands/platform.ts). */

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const PlatformCompanyType = builder.objectRef<PlatformCompanyRow>('PlatformCompany').implement({
  description: 'A company as the platform operator sees it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    cipNumber: t.exposeString('cipNumber'),
    phone: t.exposeString('phone', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    province: t.exposeString('province', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    isActive: t.exposeBoolean('isActive', { description: 'False while suspended.' }),
    tier: t.exposeString('tier'),
    suspensionReason: t.exposeString('suspensionReason', { nullable: true }),
    suspendedAt: t.string({ nullable: true, resolve: (c) => iso(c.suspendedAt) }),
    createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
  }),
});

const PlatformSubscriptionType = builder.objectRef<PlatformSubscriptionRow>('PlatformSubscription').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    companyId: t.exposeID('companyId'),
    company: t.exposeString('company', { description: "The company's name." }),
    tier: t.exposeString('tier'),
    planName: t.exposeString('planName'),
    currentMemberCount: t.exposeInt('currentMemberCount'),
    memberLimit: t.exposeInt('memberLimit', { description: '-1 = unlimited.' }),
    monthlyPrice: t.exposeString('monthlyPrice', { description: "The tier's plan's price a month, rand." }),
    isActive: t.exposeBoolean('isActive'),
    nextBillingDate: t.exposeString('nextBillingDate', { nullable: true }),
  }),
});

const PlatformStatsType = builder.objectRef<PlatformStats>('PlatformStats').implement({
  fields: (t) => ({
    totalCompanies: t.exposeInt('totalCompanies'),
    totalMembers: t.exposeInt('totalMembers'),
    totalRevenue: t.exposeString('totalRevenue', { description: "This month's completed premium payments across every company, rand." }),
    activeClaims: t.exposeInt('activeClaims'),
    memberGrowthRate: t.exposeString('memberGrowthRate', { description: "Month over month, e.g. '12.5%'; '0%' without a previous month." }),
    revenueGrowthRate: t.exposeString('revenueGrowthRate'),
  }),
});

export const ComplianceLogType = builder.objectRef<ComplianceLogRow>('ComplianceLog').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    companyId: t.exposeID('companyId', { nullable: true }),
    companyName: t.exposeString('companyName', { nullable: true }),
    type: t.exposeString('type'),
    severity: t.exposeString('severity', { description: 'critical, warning or info.' }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    resolvedAt: t.string({ nullable: true, description: 'Open while null.', resolve: (l) => iso(l.resolvedAt) }),
    resolutionNote: t.exposeString('resolutionNote', { nullable: true, description: "The super admin's note when they resolved it." }),
    resolvedBy: t.exposeString('resolvedBy', { nullable: true, description: 'Who resolved it with a note.' }),
    createdAt: t.string({ resolve: (l) => l.createdAt.toISOString() }),
  }),
});

export const SystemSettingType = builder.objectRef<SystemSettingRow>('SystemSetting').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    key: t.exposeString('key'),
    value: t.field({ type: 'JSON', description: 'Text, or the structured value as saved.', resolve: (s) => s.value }),
    description: t.exposeString('description', { nullable: true }),
    category: t.exposeString('category'),
    updatedAt: t.string({ resolve: (s) => s.updatedAt.toISOString() }),
  }),
});

export const PlanType = builder.objectRef<PlanRow>('Plan').implement({
  description: 'A subscription plan: what one tier is sold for.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    tier: t.exposeString('tier'),
    memberLimit: t.exposeInt('memberLimit', { description: '-1 = unlimited.' }),
    monthlyPrice: t.exposeString('monthlyPrice'),
    features: t.exposeStringList('features'),
    description: t.exposeString('description', { nullable: true }),
    sortOrder: t.exposeInt('sortOrder'),
    isActive: t.exposeBoolean('isActive'),
  }),
});

builder.queryFields((t) => ({
  platformCompanies: t.field({ type: [PlatformCompanyType], resolve: (_r, _a, ctx) => platform.companies(ctx) }),
  platformSubscriptions: t.field({ type: [PlatformSubscriptionType], resolve: (_r, _a, ctx) => platform.subscriptions(ctx) }),
  platformStats: t.field({ type: PlatformStatsType, resolve: (_r, _a, ctx) => platform.stats(ctx) }),
  complianceLogs: t.field({
    type: [ComplianceLogType],
    description: 'Newest first.',
    resolve: (_r, _a, ctx) => platform.complianceLogs(ctx),
  }),
  systemSettings: t.field({ type: [SystemSettingType], resolve: (_r, _a, ctx) => platform.settings(ctx) }),
  plans: t.field({ type: [PlanType], resolve: (_r, _a, ctx) => platform.plans(ctx) }),
}));
