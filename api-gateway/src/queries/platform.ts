import {
  listComplianceLogs,
  listPlans,
  listPlatformCompanies,
  listPlatformSubscriptions,
  listSystemSettings,
  platformStats,
  type PlanRow,
  type PlatformCompanyRow,
  type SystemSettingRow,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requirePlatformOperator } from '../auth/policy.ts';

/*
 * The super admin dashboard's reads (spec part 2 §2, §7 Super admin; its commands are endpoints:
 * commands/platform.ts). Every one is the platform operator's alone (auth/policy.ts 'platform');
 * company users are refused with 403.
 */

export function companies(ctx: RequestContext): Promise<PlatformCompanyRow[]> {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listPlatformCompanies(ctx.services.sql);
}

export function subscriptions(ctx: RequestContext) {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listPlatformSubscriptions(ctx.services.sql, ctx.services.now());
}

export function stats(ctx: RequestContext) {
  requirePlatformOperator(ctx.user, 'platform.read');
  return platformStats(ctx.services.sql, ctx.services.now());
}

export function complianceLogs(ctx: RequestContext) {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listComplianceLogs(ctx.services.sql, { now: ctx.services.now() });
}

export function settings(ctx: RequestContext): Promise<SystemSettingRow[]> {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listSystemSettings(ctx.services.sql);
}

export function plans(ctx: RequestContext): Promise<PlanRow[]> {
  requirePlatformOperator(ctx.user, 'platform.read');
  return listPlans(ctx.services.sql);
}
