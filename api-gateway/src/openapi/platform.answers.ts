import { z } from 'zod';
import type {
  ComplianceLogRow,
  PlanRow,
  PlatformCompanyRow,
  PlatformStats,
  PlatformSubscriptionRow,
  SystemSettingRow,
} from '@fpa/projections';
import { companyFields } from './company.answers.ts';
import { day, id, instant, money, named, okWithId, rowOf, type AnswerMap } from './shapes.ts';

const platformCompany = named(
  'PlatformCompany',
  rowOf<PlatformCompanyRow>()(
    z.strictObject({ ...companyFields, tier: z.string(), suspensionReason: z.string().nullable(), suspendedAt: instant.nullable() }),
  ),
);

const platformSubscription = rowOf<PlatformSubscriptionRow>()(
  z.strictObject({
    id,
    companyId: id,
    company: z.string(),
    tier: z.string(),
    planName: z.string(),
    currentMemberCount: z.int(),
    memberLimit: z.int(),
    monthlyPrice: money,
    isActive: z.boolean(),
    nextBillingDate: day.nullable(),
  }),
);

const stats = rowOf<PlatformStats>()(
  z.strictObject({
    totalCompanies: z.int(),
    totalMembers: z.int(),
    totalRevenue: money,
    activeClaims: z.int(),
    memberGrowthRate: z.string().meta({ description: 'Month over month, e.g. "12.5%"' }),
    revenueGrowthRate: z.string(),
  }),
);

const complianceLog = rowOf<ComplianceLogRow>()(
  z.strictObject({
    id,
    companyId: z.string().nullable(),
    companyName: z.string().nullable(),
    type: z.string(),
    severity: z.string(),
    title: z.string(),
    description: z.string(),
    resolvedAt: instant.nullable(),
    resolutionNote: z.string().nullable().meta({ description: 'The super admin’s note when they resolved it' }),
    resolvedBy: z.string().nullable().meta({ description: 'Who resolved it with a note' }),
    createdAt: instant,
  }),
);

const setting = named(
  'SystemSetting',
  rowOf<SystemSettingRow>()(
    z.strictObject({
      id,
      key: z.string(),
      value: z.unknown(),
      description: z.string().nullable(),
      category: z.string(),
      updatedAt: instant,
    }),
  ),
);

const plan = named(
  'Plan',
  rowOf<PlanRow>()(
    z.strictObject({
      id,
      name: z.string(),
      tier: z.string(),
      memberLimit: z.int(),
      monthlyPrice: money,
      features: z.array(z.string()),
      description: z.string().nullable(),
      sortOrder: z.int(),
      isActive: z.boolean(),
      createdAt: instant,
      updatedAt: instant,
    }),
  ),
);

/** Spec part 2 §7 Super admin: the platform operator's routes (403 for every company user). */
export const platformAnswers: AnswerMap = {
  'GET /api/super-admin/companies': { summary: 'Every company on the platform', answer: z.array(platformCompany) },
  'GET /api/super-admin/subscriptions': { summary: 'Every company’s subscription', answer: z.array(platformSubscription) },
  'GET /api/super-admin/stats': { summary: 'The platform’s figures', answer: stats },
  'GET /api/super-admin/compliance-logs': { summary: 'The compliance log of every company', answer: z.array(complianceLog) },
  'POST /api/super-admin/compliance-logs/:id/resolve': {
    summary: 'Resolve an open compliance-log entry with a note (it shows Resolved, by whom and when)',
    answer: complianceLog,
  },
  'GET /api/super-admin/settings': { summary: 'The system settings', answer: z.array(setting) },
  'GET /api/super-admin/plans': { summary: 'The subscription plans', answer: z.array(plan) },
  'POST /api/super-admin/companies/:companyId/suspend': { summary: 'Suspend a company (its users are refused)', answer: platformCompany },
  'POST /api/super-admin/companies/:companyId/activate': { summary: 'Activate a suspended company', answer: platformCompany },
  'POST /api/super-admin/settings': {
    summary: 'Save a system setting',
    answer: setting,
    responses: { 201: { description: 'A new key was created', content: { 'application/json': setting } } },
    description: '200 when the key existed and was updated, 201 for a new key.',
  },
  'POST /api/super-admin/plans': { summary: 'Create a plan', answer: plan },
  'PUT /api/super-admin/plans/:id': { summary: 'Update a plan', answer: plan },
  'DELETE /api/super-admin/plans/:id': { summary: 'Delete a plan', answer: okWithId },
  'DELETE /api/super-admin/settings/:id': { summary: 'Delete a system setting (issue #25)', answer: okWithId },
};
